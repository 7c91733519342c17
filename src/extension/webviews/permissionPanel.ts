// Permission editor: deploy policy (via proposals), and for one contract its admin and per-method
// auth type and account lists (admin calls). Every change is confirmed and its outcome shown.

import * as vscode from 'vscode';
import type { Session } from '../session';
import type { GovernanceTree } from '../views/governanceTree';
import {
  type HostToPermissions,
  type PermissionAction,
  type PermissionState,
  type PermissionsToHost,
  parsePermissionsToHost,
} from '../messages/permissionMessages';
import { ContractCodec } from '../models/abiCodec';
import { isGovernor } from '../models/governanceModel';
import { CancelledError, describeError } from '../errors';
import { confirmTransaction } from '../commands/transact';
import type { WriteResult } from '../chain/chainApi';
import { PanelHost } from './panelHost';
import { contractSubject, followSession, staleAction, type Follow } from './followSession';

export interface PermissionTarget {
  address?: string;
  abi?: string;
  name?: string;
}

const AUTH = ['none', 'white list', 'black list'];

export async function permissionState(session: Session, target: PermissionTarget): Promise<PermissionState> {
  const api = session.requireChain();
  const account = session.account()?.address;
  const [committee, deployAuthType, authEnabled, deployList] = await Promise.all([
    api.committee().catch(() => undefined),
    api.deployAuthType().catch(() => 0),
    api.authEnabled().catch(() => false),
    // No chain query lists deploy ACL accounts: the list comes from executed proposals.
    api.deployAuthList().then(
      (list) => ({ list }),
      (err: unknown) => ({ error: describeError(err) }),
    ),
  ]);
  const state: PermissionState = {
    account,
    isGovernor: committee ? isGovernor(committee, account) : false,
    authEnabled,
    deployAuthType,
    ...('list' in deployList ? { deployList: deployList.list } : { deployListError: deployList.error }),
  };
  if (target.address) {
    const admin = await api.admin(target.address).catch(() => '');
    let fns: { signature: string; selector: string }[] = [];
    if (target.abi) {
      try {
        const codec = new ContractCodec(target.abi, (t) => api.hashText(t));
        fns = codec
          .functions()
          .filter((f) => f.stateMutability !== 'view' && f.stateMutability !== 'pure')
          .map((f) => ({ signature: f.format('sighash'), selector: codec.selector(f.format('sighash')) }));
      } catch {
        // no usable ABI: the admin section still shows
      }
    }
    const methods = await Promise.all(
      fns.map(async (f) => {
        const auth = await api
          .methodAuth(target.address!, f.selector)
          .catch(() => ({ authType: 0, access: [], block: [] }));
        return { ...f, ...auth };
      }),
    );
    state.contract = {
      name: target.name ?? 'Contract',
      address: target.address,
      admin,
      isAdmin:
        !!account &&
        !!admin &&
        admin.toLowerCase().replace(/^0x/, '') === account.toLowerCase().replace(/^0x/, ''),
      methods,
    };
  }
  return state;
}

function describeAction(a: PermissionAction, target: PermissionTarget): string {
  switch (a.type) {
    case 'setDeployAuthType':
      return `Propose deploy policy: ${AUTH[a.authType]}`;
    case 'modifyDeployAuth':
      return `Propose to ${a.open ? 'allow' : 'forbid'} ${a.account} to deploy`;
    case 'resetAdmin':
      return `Propose ${a.newAdmin} as admin of ${target.name ?? target.address}`;
    case 'setMethodAuthType':
      return `Set ${a.selector} of ${target.name ?? target.address} to ${AUTH[a.authType]}`;
    case 'setMethodAuth':
      return `${a.open ? 'Open' : 'Close'} ${a.selector} of ${target.name ?? target.address} for ${a.account}`;
    default:
      return 'Check deploy permission';
  }
}

export function showPermissionPanel(
  session: Session,
  context: vscode.ExtensionContext,
  governance: GovernanceTree,
  target: PermissionTarget,
): PanelHost<PermissionsToHost, HostToPermissions> {
  const pushState = async (host: PanelHost<PermissionsToHost, unknown>) => {
    try {
      await host.post({
        type: 'state',
        state: await permissionState(session, target),
      } satisfies HostToPermissions);
    } catch (err) {
      await host.post({ type: 'error', message: describeError(err) } satisfies HostToPermissions);
    }
  };
  const host = new PanelHost<PermissionsToHost, HostToPermissions>({
    viewType: 'fiscoBcos.permissions',
    title: `Permissions${target.name ? `: ${target.name}` : ''}`,
    script: 'permissions',
    extensionUri: context.extensionUri,
    parse: parsePermissionsToHost,
    onMessage: async (m, host) => {
      if (m.type === 'ready' || m.type === 'refresh') return follow.push();
      if (m.type === 'openTransaction')
        return void (await vscode.commands.executeCommand('fiscoBcos.showTransaction', m.hash));
      const a = m.action;
      const refused = staleAction(session, m.account, follow.gone);
      if (refused) {
        await host.post({ type: 'outcome', ok: false, message: refused } satisfies HostToPermissions);
        return follow.push();
      }
      const api = session.requireChain();
      if (a.type === 'checkDeployAuth') {
        const ok = await api.checkDeployAuth(a.account);
        await host.post({
          type: 'outcome',
          ok: true,
          message: `Deploy: ${ok ? 'ACCESS' : 'PERMISSION DENIED'} for ${a.account}`,
        } satisfies HostToPermissions);
        return;
      }
      try {
        const signer = await session.requireSigner();
        const what = describeAction(a, target);
        await confirmTransaction(session, signer, what);
        const contract = target.address ?? '';
        const result: WriteResult = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `${what}…` },
          () => {
            switch (a.type) {
              case 'setDeployAuthType':
                return api.createProposal(signer, { kind: 'setDeployAuthType', authType: a.authType });
              case 'modifyDeployAuth':
                return api.createProposal(signer, {
                  kind: 'modifyDeployAuth',
                  account: a.account,
                  open: a.open,
                });
              case 'resetAdmin':
                return api.createProposal(signer, { kind: 'resetAdmin', newAdmin: a.newAdmin, contract });
              case 'setMethodAuthType':
                return api.setMethodAuthType(signer, contract, a.selector, a.authType);
              default:
                return api.setMethodAuth(signer, contract, a.selector, a.account, a.open);
            }
          },
        );
        const isProposal =
          a.type === 'setDeployAuthType' || a.type === 'modifyDeployAuth' || a.type === 'resetAdmin';
        await host.post({
          type: 'outcome',
          ok: result.ok,
          message: `${what}: ${result.message}`,
          transactionHash: result.receipt?.transactionHash,
          ...(isProposal && result.ok && result.value !== undefined
            ? { proposalId: result.value.toString() }
            : {}),
        } satisfies HostToPermissions);
        if (isProposal) governance.refresh();
        await pushState(host);
      } catch (err) {
        await host.post({
          type: 'outcome',
          ok: false,
          message: err instanceof CancelledError ? 'Cancelled: nothing was sent.' : describeError(err),
        } satisfies HostToPermissions);
      }
    },
  });
  const follow: Follow = followSession(
    host,
    session,
    target.address ? contractSubject(session, target.address, target.name) : undefined,
    () => pushState(host),
  );
  return host;
}
