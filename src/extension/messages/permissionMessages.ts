// Permission editor webview ↔ host messages: deploy policy, and per contract the admin and
// per-method auth type and account lists. Changes go through proposals (governors) or admin calls.

import {
  isAddressText,
  isBoolean,
  isNumber,
  isRecord,
  isSelector,
  isString,
  isStringArray,
  shape,
} from './validate';
import { type ContextMessage, isContextMessage } from './contextMessages';

export interface MethodAuthView {
  signature: string;
  selector: string;
  /** 0 none, 1 white list, 2 black list. */
  authType: number;
  access: string[];
  block: string[];
}

/** An account named by the committee's executed modifyDeployAuth proposals, checked now. */
export interface DeployListEntry {
  account: string;
  canDeploy: boolean;
  lastProposalId: number;
}

export interface PermissionState {
  account?: string;
  isGovernor: boolean;
  authEnabled: boolean;
  deployAuthType: number;
  /** Derived from proposal history (the chain cannot list them); absent when it could not be read. */
  deployList?: DeployListEntry[];
  /** Why the deploy list could not be read. */
  deployListError?: string;
  contract?: { name: string; address: string; admin: string; isAdmin: boolean; methods: MethodAuthView[] };
}

export type PermissionAction =
  | { type: 'setDeployAuthType'; authType: 1 | 2 }
  | { type: 'modifyDeployAuth'; account: string; open: boolean }
  | { type: 'checkDeployAuth'; account: string }
  | { type: 'resetAdmin'; newAdmin: string }
  | { type: 'setMethodAuthType'; selector: string; authType: 1 | 2 }
  | { type: 'setMethodAuth'; selector: string; account: string; open: boolean };

export type HostToPermissions =
  | ContextMessage
  | { type: 'state'; state: PermissionState }
  | { type: 'outcome'; ok: boolean; message: string; transactionHash?: string; proposalId?: string }
  | { type: 'error'; message: string };

export type PermissionsToHost =
  | { type: 'ready' }
  | { type: 'refresh' }
  /** `account`: the active account the page showed when the user acted ('' for none). */
  | { type: 'action'; action: PermissionAction; account?: string }
  | { type: 'openTransaction'; hash: string };

const authType = (v: unknown) => v === 1 || v === 2;

const isDeployEntry = (v: unknown) =>
  isRecord(v) && isAddressText(v.account) && isBoolean(v.canDeploy) && isNumber(v.lastProposalId);

const isMethodView = (v: unknown) =>
  isRecord(v) &&
  isString(v.signature) &&
  isSelector(v.selector) &&
  isNumber(v.authType) &&
  isStringArray(v.access) &&
  isStringArray(v.block);

/** The state the page renders: every field it reads is checked. */
export function isPermissionState(s: unknown): s is PermissionState {
  if (!isRecord(s) || !isBoolean(s.isGovernor) || !isBoolean(s.authEnabled) || !isNumber(s.deployAuthType))
    return false;
  if (s.account !== undefined && !isAddressText(s.account)) return false;
  if (s.deployList !== undefined && !(Array.isArray(s.deployList) && s.deployList.every(isDeployEntry)))
    return false;
  if (s.deployListError !== undefined && !isString(s.deployListError)) return false;
  const c = s.contract;
  if (c === undefined) return true;
  return (
    isRecord(c) &&
    isString(c.name) &&
    isAddressText(c.address) &&
    isString(c.admin) &&
    isBoolean(c.isAdmin) &&
    Array.isArray(c.methods) &&
    c.methods.every(isMethodView)
  );
}

export function parsePermissionAction(a: unknown): PermissionAction | undefined {
  if (shape<PermissionAction>(a, 'setDeployAuthType', { authType })) return a;
  if (shape<PermissionAction>(a, 'modifyDeployAuth', { account: isAddressText, open: isBoolean })) return a;
  if (shape<PermissionAction>(a, 'checkDeployAuth', { account: isAddressText })) return a;
  if (shape<PermissionAction>(a, 'resetAdmin', { newAdmin: isAddressText })) return a;
  if (shape<PermissionAction>(a, 'setMethodAuthType', { selector: isSelector, authType })) return a;
  if (
    shape<PermissionAction>(a, 'setMethodAuth', {
      selector: isSelector,
      account: isAddressText,
      open: isBoolean,
    })
  )
    return a;
  return undefined;
}

export function parsePermissionsToHost(m: unknown): PermissionsToHost | undefined {
  if (shape<PermissionsToHost>(m, 'ready', {})) return m;
  if (shape<PermissionsToHost>(m, 'refresh', {})) return m;
  if (
    shape<PermissionsToHost>(m, 'openTransaction', {
      hash: (v) => isString(v) && /^0x[0-9a-fA-F]{64}$/.test(v),
    })
  )
    return m;
  if (isRecord(m) && m.type === 'action') {
    const action = parsePermissionAction(m.action);
    if (m.account !== undefined && !isString(m.account)) return undefined;
    return action
      ? { type: 'action', action, ...(m.account !== undefined ? { account: m.account } : {}) }
      : undefined;
  }
  return undefined;
}

export function parseHostToPermissions(m: unknown): HostToPermissions | undefined {
  if (isContextMessage(m)) return m;
  if (shape<HostToPermissions>(m, 'state', { state: isPermissionState })) return m;
  if (
    shape<HostToPermissions>(
      m,
      'outcome',
      { ok: isBoolean, message: isString },
      { transactionHash: isString, proposalId: isString },
    )
  )
    return m;
  if (shape<HostToPermissions>(m, 'error', { message: isString })) return m;
  return undefined;
}
