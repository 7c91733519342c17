// Contract auth state (precompiled.md §6.4): per-contract ACL records (admin, status, method ACL
// maps keyed by selector) and the global deploy ACL. Accounts in the maps are lowercase hex
// without 0x, as the node keeps them; lookups follow the node's rules exactly.

import { AuthType } from '../../../protocol/builtin/auth';
import type { TableStore } from '../types';
import { CONTRACT_AUTH_TABLE, DEPLOY_AUTH_TABLE, ZERO_ADDRESS, readJson, writeJson } from './state-store';
import { parseOwnJson } from '../../ownJson';
import { bareAddress } from '../precompiled-base';

export type ContractStatusName = 'normal' | 'frozen' | 'abolish';
type AccountMap = Record<string, boolean>;

export interface ContractAcl {
  admin: string; // 0x + 40 lowercase hex
  status: ContractStatusName;
  /** selector hex (8 digits) → auth type. */
  methodAuthType: Record<string, number>;
  white: Record<string, AccountMap>;
  black: Record<string, AccountMap>;
}

export interface DeployAcl {
  type: number;
  white: AccountMap;
  black: AccountMap;
}

const rowKey = (contract: string) => bareAddress(contract);
const bare = (account: string) => bareAddress(account);
const DEPLOY_KEY = 'apps';

export function readAcl(store: TableStore, contract: string): ContractAcl | undefined {
  return readJson<ContractAcl>(store, CONTRACT_AUTH_TABLE, rowKey(contract));
}

/** Parsed ACLs by their stored text, for readers that do not mutate (the per-call check). */
const parsedAcls = new Map<string, ContractAcl>();
const PARSED_ACL_LIMIT = 256;

/**
 * readAcl for read-only use: every transaction to a contract checks its ACL, and the stored
 * text rarely changes, so it is parsed once per distinct text. The result must not be mutated.
 */
export function readAclShared(store: TableStore, contract: string): Readonly<ContractAcl> | undefined {
  const text = store.get(CONTRACT_AUTH_TABLE, rowKey(contract));
  if (text === undefined) return undefined;
  let acl = parsedAcls.get(text);
  if (acl === undefined) {
    acl = parseOwnJson<ContractAcl>(text);
    if (parsedAcls.size >= PARSED_ACL_LIMIT) parsedAcls.clear();
    parsedAcls.set(text, acl);
  }
  return acl;
}

export function writeAcl(store: TableStore, contract: string, acl: ContractAcl): void {
  writeJson(store, CONTRACT_AUTH_TABLE, rowKey(contract), acl);
}

export function newAcl(admin: string): ContractAcl {
  return { admin: admin.toLowerCase(), status: 'normal', methodAuthType: {}, white: {}, black: {} };
}

/** Admin of a contract; the zero address when it has no ACL record (≥ 3.3). */
export function adminOf(store: TableStore, contract: string): string {
  return readAcl(store, contract)?.admin ?? ZERO_ADDRESS;
}

function mapOfType(acl: ContractAcl, type: number): Record<string, AccountMap> | undefined {
  if (type === AuthType.WhiteList) return acl.white;
  if (type === AuthType.BlackList) return acl.black;
  return undefined;
}

export function checkMethodAuth(
  acl: Readonly<ContractAcl> | undefined,
  selectorHex: string,
  account: string,
): boolean {
  if (!acl) return true;
  const type = acl.methodAuthType[selectorHex];
  const map = type === undefined ? undefined : mapOfType(acl, type);
  if (!map) return true;
  if (Object.keys(map).length === 0) return type === AuthType.BlackList;
  const accounts = map[selectorHex];
  if (!accounts) return true;
  const value = accounts[bare(account)];
  if (value === undefined) return type === AuthType.BlackList;
  return type === AuthType.BlackList ? !value : value;
}

/** open/closeMethodAuth; false when the selector has no white/black type (→ -51003). */
export function setMethodAccess(
  acl: ContractAcl,
  selectorHex: string,
  account: string,
  open: boolean,
): boolean {
  const type = acl.methodAuthType[selectorHex];
  const map = type === undefined ? undefined : mapOfType(acl, type);
  if (!map) return false;
  const accounts = (map[selectorHex] ??= {});
  accounts[bare(account)] = type === AuthType.WhiteList ? open : !open;
  return true;
}

/** getMethodAuth: (type, accessList, blockList), accounts sorted as the node's map orders them. */
export function methodAuthOf(
  acl: ContractAcl | undefined,
  selectorHex: string,
): [number, string[], string[]] {
  const type = acl?.methodAuthType[selectorHex];
  if (acl === undefined || type === undefined) return [0, [], []];
  const accounts = mapOfType(acl, type)?.[selectorHex] ?? {};
  const access: string[] = [];
  const block: string[] = [];
  for (const account of Object.keys(accounts).sort()) {
    const allowed = accounts[account] ? type === AuthType.WhiteList : type === AuthType.BlackList;
    (allowed ? access : block).push(account);
  }
  return [type, access, block];
}

export function readDeployAcl(store: TableStore): DeployAcl {
  return (
    readJson<DeployAcl>(store, DEPLOY_AUTH_TABLE, DEPLOY_KEY) ?? { type: AuthType.None, white: {}, black: {} }
  );
}

export function writeDeployAcl(store: TableStore, acl: DeployAcl): void {
  writeJson(store, DEPLOY_AUTH_TABLE, DEPLOY_KEY, acl);
}

export function hasDeployAuth(store: TableStore, account: string): boolean {
  const acl = readDeployAcl(store);
  if (acl.type === AuthType.None) return true;
  const map = acl.type === AuthType.WhiteList ? acl.white : acl.black;
  if (Object.keys(map).length === 0) return acl.type === AuthType.BlackList;
  const value = map[bare(account)];
  if (value === undefined) return acl.type === AuthType.BlackList;
  return acl.type === AuthType.BlackList ? !value : value;
}

/** open/closeDeployAuth: the white map in white-list mode, otherwise the black map (even in mode 0). */
export function modifyDeployAuth(store: TableStore, account: string, open: boolean): void {
  const acl = readDeployAcl(store);
  if (acl.type === AuthType.WhiteList) acl.white[bare(account)] = open;
  else acl.black[bare(account)] = acl.type === AuthType.BlackList ? !open : false;
  writeDeployAcl(store, acl);
}
