// Create, import (hex, PEM), export, select and remove accounts. Keys go only to SecretStorage.

import * as vscode from 'vscode';
import * as fs from 'node:fs';
import { generateKey, keyFromHex, keyFromPem, keyToPem } from '../accounts/keyMaterial';
import type { AccountMeta } from '../accounts/accountStore';
import type { Session } from '../session';
import { guarded, required } from '../errors';
import { errorMessage } from '../../protocol/unknownValues';

function shortAddress(a: string): string {
  return `${a.slice(0, 8)}…${a.slice(-6)}`;
}

async function askCryptoType(session: Session): Promise<boolean> {
  if (session.connection) return !!session.connection.sm;
  const pick = required(
    await vscode.window.showQuickPick(
      [
        { label: 'secp256k1', sm: false },
        { label: 'SM2 (guomi)', sm: true },
      ],
      { title: 'Key type' },
    ),
  );
  return pick.sm;
}

async function pickAccount(session: Session, title: string, arg?: unknown): Promise<AccountMeta> {
  if (typeof arg === 'string') {
    const found = session.accounts.list().find((a) => a.address === arg.toLowerCase());
    if (found) return found;
  }
  const list = session.accounts.list();
  if (!list.length) throw new Error('There are no accounts yet. Create or import one.');
  const picked = required(
    await vscode.window.showQuickPick(
      list.map((a) => ({
        label: a.label,
        description: a.address,
        detail: `${a.sm ? 'SM2' : 'secp256k1'} · ${a.source}`,
        a,
      })),
      { title },
    ),
  );
  return picked.a;
}

export function registerAccountCommands(session: Session): vscode.Disposable[] {
  const label = async (fallback: string) =>
    required(
      await vscode.window.showInputBox({
        title: 'Account label',
        value: fallback,
        validateInput: (v) => (v.trim() ? undefined : 'Give the account a label.'),
      }),
    ).trim();

  const activate = async (meta: AccountMeta) => {
    const c = session.connection;
    if (c && !!c.sm === meta.sm) await session.accounts.setActive(c.name, meta.address);
  };

  return [
    vscode.commands.registerCommand(
      'fiscoBcos.createAccount',
      guarded('Create account failed', async (options?: { label?: string; sm?: boolean }) => {
        const sm = options?.sm ?? (await askCryptoType(session));
        const key = generateKey(sm);
        const meta = await session.accounts.add(
          key,
          options?.label ?? (await label(`Account ${shortAddress(key.address)}`)),
          'created',
        );
        await activate(meta);
        void vscode.window.showInformationMessage(
          `Created account ${meta.label}: ${meta.address}. Its key is kept in VS Code's secret storage; export it to back it up.`,
        );
        return meta.address;
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.importAccount',
      guarded(
        'Import account failed',
        async (options?: { privateKey?: string; pem?: string; label?: string; sm?: boolean }) => {
          let key;
          if (options?.privateKey)
            key = keyFromHex(options.privateKey, options.sm ?? !!session.connection?.sm);
          else if (options?.pem) key = keyFromPem(options.pem);
          else {
            const how = required(
              await vscode.window.showQuickPick(
                [
                  { label: 'Private key (hex)', value: 'hex' },
                  {
                    label: 'PEM file…',
                    description: 'account/ecdsa/*.pem or account/gm/*.pem from get_account.sh',
                    value: 'pem',
                  },
                ],
                { title: 'Import account from' },
              ),
            );
            if (how.value === 'pem') {
              const file = required(
                await vscode.window.showOpenDialog({
                  canSelectMany: false,
                  filters: { 'PEM key': ['pem', 'key'] },
                  title: 'PEM private key',
                }),
              )[0];
              key = keyFromPem(fs.readFileSync(file.fsPath, 'utf8'));
            } else {
              const sm = await askCryptoType(session);
              const text = required(
                await vscode.window.showInputBox({
                  title: 'Private key',
                  password: true,
                  prompt: '64 hex digits, optionally 0x-prefixed',
                  validateInput: (v) => {
                    try {
                      keyFromHex(v, sm);
                      return undefined;
                    } catch (err) {
                      return errorMessage(err);
                    }
                  },
                }),
              );
              key = keyFromHex(text, sm);
            }
          }
          const meta = await session.accounts.add(
            key,
            options?.label ?? (await label(`Imported ${shortAddress(key.address)}`)),
            'imported',
          );
          await activate(meta);
          void vscode.window.showInformationMessage(
            `Imported ${meta.sm ? 'SM2' : 'secp256k1'} account ${meta.address}.`,
          );
          return meta.address;
        },
      ),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.exportAccount',
      guarded('Export account failed', async (arg?: unknown) => {
        const meta = await pickAccount(session, 'Export which account?', arg);
        const signer = await session.accounts.signer(meta);
        const how = required(
          await vscode.window.showQuickPick(
            [
              { label: 'Save as PEM file…', value: 'pem' },
              { label: 'Copy private key (hex) to clipboard', value: 'hex' },
            ],
            { title: `Export ${meta.label}`, placeHolder: 'Anyone holding this key controls the account.' },
          ),
        );
        if (how.value === 'hex') {
          const ok = await vscode.window.showWarningMessage(
            'Copy the private key to the clipboard? Anyone who reads it controls the account.',
            { modal: true },
            'Copy',
          );
          if (ok !== 'Copy') return;
          await vscode.env.clipboard.writeText(signer.privateKey);
          void vscode.window.showInformationMessage('Private key copied. Clear your clipboard when done.');
          return;
        }
        const target = required(
          await vscode.window.showSaveDialog({
            defaultUri: vscode.Uri.file(`${meta.address}.pem`),
            filters: { 'PEM key': ['pem'] },
          }),
        );
        fs.writeFileSync(
          target.fsPath,
          keyToPem({ address: meta.address, privateKey: signer.privateKey, sm: meta.sm }),
          { mode: 0o600 },
        );
        void vscode.window.showInformationMessage(`Saved ${meta.label} to ${target.fsPath}.`);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.selectAccount',
      guarded('Select account failed', async (arg?: unknown) => {
        const c = session.connection;
        if (!c) throw new Error('Select a connection first: accounts are chosen per connection.');
        const sm = !!c.sm;
        if (typeof arg === 'string') {
          await session.accounts.setActive(c.name, arg);
          return arg.toLowerCase();
        }
        const list = session.accounts.listFor(sm);
        const current = session.account()?.address;
        const governors = await currentGovernors(session);
        const items: (vscode.QuickPickItem & { a?: AccountMeta; action?: string })[] = [
          ...list.map((a) => ({
            label: `${a.address === current ? '$(check) ' : ''}${a.label}`,
            description: `${a.address}${governors.has(a.address.toLowerCase()) ? ' · governor' : ''}`,
            detail: a.source === 'devnode' ? 'local node dev account' : undefined,
            a,
          })),
          { label: '$(add) Create Account', action: 'fiscoBcos.createAccount' },
          { label: '$(key) Import Account', action: 'fiscoBcos.importAccount' },
        ];
        const picked = required(
          await vscode.window.showQuickPick(items, {
            title: `Account for ${c.name} (${sm ? 'SM2' : 'secp256k1'})`,
          }),
        );
        if (picked.action) return vscode.commands.executeCommand(picked.action);
        await session.accounts.setActive(c.name, picked.a!.address);
        return picked.a!.address;
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.removeAccount',
      guarded('Remove account failed', async (arg?: unknown) => {
        const meta = await pickAccount(session, 'Remove which account?', arg);
        const ok = await vscode.window.showWarningMessage(
          `Remove ${meta.label} (${meta.address})? Its private key is deleted from VS Code; export it first if you need it.`,
          { modal: true },
          'Remove',
        );
        if (ok !== 'Remove') return;
        await session.accounts.remove(meta.address);
      }),
    ),
  ];
}

/**
 * Governor addresses of the active chain's committee, to mark them in the account picker; empty
 * when the chain cannot tell within a few seconds (the picker must not wait on a slow node).
 */
async function currentGovernors(session: Session): Promise<Set<string>> {
  const api = session.chain();
  if (!api) return new Set();
  const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), 3000).unref?.());
  const committee = await Promise.race([api.committee().catch(() => undefined), timeout]);
  return new Set((committee?.governors ?? []).map((g) => g.address.toLowerCase()));
}
