// Account status, contract status, balances, value transfers and importing a console config.toml
// (console freeze/unfreeze/abolishAccount, getAccountStatus, freeze/unfreeze/abolishContract,
// getContractStatus, getBalance, addBalance, subBalance, transferBalance, register/unregister/
// listBalanceGovernor, transfer) and turning balance on (console setSystemConfigByKey
// feature_balance 1, then feature_balance_precompiled 1). Every write goes through `transact`
// (confirmation, progress).

import * as vscode from 'vscode';
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readConsoleConfig } from '../../client/consoleConfig';
import { StatusBalanceApi } from '../chain/statusBalanceApi';
import type { ConnectionConfig } from '../connections/connectionModel';
import { guarded, required } from '../errors';
import { formatValue, parseValueText } from '../messages/txValue';
import type { Session } from '../session';
import { transact } from './transact';
import { errorMessage } from '../../protocol/unknownValues';

const ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;

function addressInput(title: string, value?: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title,
    value,
    placeHolder: '0x… (20-byte address)',
    validateInput: (v) => (ADDRESS.test(v.trim()) ? undefined : 'Enter a 20-byte hex address.'),
  });
}

function amountInput(title: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title,
    placeHolder: 'an amount and a unit (wei if none): 1000, 1.5 gwei, 2 ether',
    validateInput: (v) => {
      try {
        return parseValueText(v) > 0n ? undefined : 'Enter an amount above 0.';
      } catch (err) {
        return errorMessage(err);
      }
    },
  });
}

/** An amount typed as "1000" or "1.5 gwei" (the prompt's rules), in wei; above 0. */
function amountOf(text: string): bigint {
  const wei = parseValueText(text);
  if (wei <= 0n) throw new Error('Enter an amount above 0.');
  return wei;
}

/** The chain-wide switches of balance, in the order a real chain needs them (feature keys). */
const BALANCE_FEATURES = ['feature_balance', 'feature_balance_precompiled'] as const;

const norm = (a: string) => '0x' + a.trim().replace(/^0x/i, '').toLowerCase();

export function registerStatusBalanceCommands(session: Session): vscode.Disposable[] {
  let cached: { key: string; api: StatusBalanceApi } | undefined;
  const api = (): StatusBalanceApi => {
    session.requireChain();
    const c = session.connection!;
    const key = JSON.stringify(c);
    if (cached?.key !== key) {
      cached?.api.close();
      cached = { key, api: new StatusBalanceApi(c) };
    }
    return cached.api;
  };
  const statusOf = (action: string): 0 | 1 | 2 => (action === 'freeze' ? 1 : action === 'abolish' ? 2 : 0);

  return [
    new vscode.Disposable(() => cached?.api.close()),
    vscode.commands.registerCommand(
      'fiscoBcos.accountStatus',
      guarded('Account status failed', async (action?: string, account?: string, confirmed?: boolean) => {
        const a = api();
        const what =
          action ??
          required(
            await vscode.window.showQuickPick(['get', 'freeze', 'unfreeze', 'abolish'], {
              title: 'Account status (AccountManager, governors only for changes)',
            }),
          );
        const address = norm(account ?? required(await addressInput(`Account to ${what}`)));
        if (what === 'get') {
          const status = await a.accountStatus(address);
          void vscode.window.showInformationMessage(`Account ${address} is ${status}.`);
          return status;
        }
        const irreversible = what === 'abolish' ? ' — abolishing can never be undone' : '';
        return transact(
          session,
          { what: `${what[0].toUpperCase()}${what.slice(1)} account ${address}${irreversible}`, confirmed },
          (_c, s) => a.setAccountStatus(s, address, statusOf(what)),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.contractStatus',
      guarded('Contract status failed', async (action?: string, contract?: string, confirmed?: boolean) => {
        const a = api();
        const what =
          action ??
          required(
            await vscode.window.showQuickPick(['get', 'freeze', 'unfreeze', 'abolish'], {
              title: 'Contract status (the contract admin only, for changes)',
            }),
          );
        const address = norm(contract ?? required(await addressInput(`Contract to ${what}`)));
        if (what === 'get') {
          const available = await a.contractAvailable(address);
          void vscode.window.showInformationMessage(
            `Contract ${address} is ${available ? 'available' : 'frozen or abolished'}.`,
          );
          return available;
        }
        const irreversible = what === 'abolish' ? ' — abolishing can never be undone' : '';
        return transact(
          session,
          { what: `${what[0].toUpperCase()}${what.slice(1)} contract ${address}${irreversible}`, confirmed },
          (_c, s) => a.setContractStatus(s, address, statusOf(what)),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.balance',
      guarded('Balance failed', async (action?: string, ...args: unknown[]) => {
        const a = api();
        const what =
          action ??
          required(
            await vscode.window.showQuickPick(
              [
                'get',
                'add',
                'subtract',
                'transfer',
                'registerGovernor',
                'unregisterGovernor',
                'listGovernors',
              ],
              { title: 'Balance (0x1011, needs feature_balance_precompiled)' },
            ),
          );
        const arg = (i: number) => {
          const v = args[i];
          return typeof v === 'string' ? v : undefined;
        };
        const confirmed = args.includes(true);
        if (what === 'listGovernors') return a.listBalanceGovernors();
        if (what === 'get') {
          const address = norm(arg(0) ?? required(await addressInput('Balance of which account?')));
          const value = await a.getBalance(address);
          void vscode.window.showInformationMessage(`Balance of ${address}: ${value}`);
          return value;
        }
        if (what === 'transfer') {
          const from = norm(arg(0) ?? required(await addressInput('Transfer from')));
          const to = norm(arg(1) ?? required(await addressInput('Transfer to')));
          const amount = amountOf(arg(2) ?? required(await amountInput('Amount')));
          return transact(
            session,
            { what: `Transfer balance ${formatValue(amount)} from ${from} to ${to}`, confirmed },
            (_c, s) => a.transferBalance(s, from, to, amount),
          );
        }
        const address = norm(arg(0) ?? required(await addressInput(`Account to ${what}`)));
        if (what === 'registerGovernor' || what === 'unregisterGovernor')
          return transact(
            session,
            {
              what: `${what === 'registerGovernor' ? 'Register' : 'Unregister'} balance governor ${address}`,
              confirmed,
            },
            (_c, s) =>
              what === 'registerGovernor'
                ? a.registerBalanceGovernor(s, address)
                : a.unregisterBalanceGovernor(s, address),
          );
        const amount = amountOf(arg(1) ?? required(await amountInput(`Amount to ${what}`)));
        return transact(
          session,
          {
            what: `${what === 'add' ? 'Add' : 'Subtract'} balance ${formatValue(amount)} ${what === 'add' ? 'to' : 'from'} ${address}`,
            confirmed,
          },
          (_c, s) => (what === 'add' ? a.addBalance(s, address, amount) : a.subBalance(s, address, amount)),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.transfer',
      guarded('Transfer failed', async (to?: string, value?: string, confirmed?: boolean) => {
        const a = api();
        const target = norm(to ?? required(await addressInput('Send value to')));
        const amount = amountOf(value ?? required(await amountInput('Value to send')));
        return transact(session, { what: `Send ${formatValue(amount)} to ${target}`, confirmed }, (_c, s) =>
          a.transfer(s, target, amount),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.enableBalance',
      guarded('Enable balance failed', async (confirmed?: boolean) => {
        const chain = session.requireChain();
        const name = session.connection!.name;
        const on = async (key: string) =>
          (await chain.systemConfig(key).catch(() => undefined))?.value === '1';
        // Set through the system config (a committee proposal when auth is on), as on a real chain.
        for (const key of BALANCE_FEATURES) {
          if (await on(key)) continue;
          const viaProposal = await chain.authEnabled().catch(() => false);
          const r = await transact(
            session,
            { what: `${viaProposal ? 'Propose' : 'Set'} ${key} = 1 on ${name}`, confirmed },
            (api, s) => api.setSystemConfig(s, key, '1'),
          );
          if (!r.ok) return r;
          // With more than one governor the proposal stays open for votes, and the committee takes
          // one open proposal at a time ("Current proposal not end"): stop here, run again once it passes.
          if (!(await on(key))) break;
        }
        const pending = [];
        for (const key of BALANCE_FEATURES) if (!(await on(key))) pending.push(key);
        if (pending.length)
          void vscode.window.showWarningMessage(
            `Balance is not on yet on ${name}: the proposal for ${pending[0]} awaits the committee's votes (Governance view).` +
              (pending.length > 1
                ? ` Run Enable Balance again once it passes to set ${pending.slice(1).join(' and ')}.`
                : ''),
          );
        else
          void vscode.window.showInformationMessage(
            `Balance is on for ${name}: transactions move value, and governors manage balances (Balance command).`,
          );
        return pending.length === 0;
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.importConsoleConfig',
      guarded('Import console config failed', async (file?: string) => {
        const path =
          file ??
          required(
            (
              await vscode.window.showOpenDialog({
                title: 'Import a FISCO console config.toml as a connection',
                filters: { 'Console config': ['toml'] },
                canSelectMany: false,
              })
            )?.[0]?.fsPath,
          );
        const conf = readConsoleConfig(readFileSync(path, 'utf8'), path);
        const others = session.connections.list();
        let name = `console ${basename(dirname(path))}`;
        for (let i = 2; others.some((c) => c.name === name); i++)
          name = `console ${basename(dirname(path))} ${i}`;
        const c: ConnectionConfig = {
          name,
          url: conf.peers[0],
          group: conf.group,
          ...(conf.tls?.certDir ? { tlsCertDir: conf.tls.certDir } : {}),
          ...(conf.peers.length > 1 ? { peers: conf.peers.slice(1) } : {}),
        };
        await session.connections.upsert(c);
        const accounts = conf.accountFiles.length
          ? ` ${conf.accountFiles.length} account file(s) found: import them with Import Account (${conf.accountFiles.map((f) => basename(f)).join(', ')}).`
          : '';
        void vscode.window.showInformationMessage(
          `Added connection "${name}" (${conf.peers.join(', ')}, ${conf.group}).${accounts}`,
        );
        return { connection: c, accountFiles: conf.accountFiles };
      }),
    ),
  ];
}
