// Puts a dev account into the extension through its own Import Account command, which also makes
// it the active account of the connection.
import type { Devnode } from '../../../scripts/lib/devnode-process';
import type { Workbench } from './workbench';

export async function useDevAccount(wb: Workbench, devnode: Devnode, index: number, label: string): Promise<string> {
  const account = devnode.accounts[index];
  if (!account) throw new Error(`the dev node has no account #${index}`);
  await wb.runCommand('FISCO BCOS: Import Account');
  await wb.waitQuickInput('Import account from');
  await wb.pick('Private key (hex)');
  await wb.waitQuickInput('Private key');
  await wb.answer(account.privateKey);
  await wb.waitQuickInput('Account label');
  await wb.answer(label);
  await wb.quickInputClosed();
  await wb.toast(new RegExp(`Imported secp256k1 account ${account.address}`, 'i')).waitFor({ timeout: 20_000 });
  // The status bar names the active account.
  await wb.page.locator('.part.statusbar', { hasText: label }).waitFor({ timeout: 20_000 });
  return account.address.toLowerCase();
}
