// Puts a dev account into the extension through its own Import Account command, which also makes
// it the active account of the connection.
import type { Devnode } from '../../../scripts/lib/devnode-process';
import type { Workbench } from './workbench';

export async function useDevAccount(
  wb: Workbench,
  devnode: Devnode,
  index: number,
  label: string,
): Promise<string> {
  const account = devnode.accounts[index];
  if (!account) throw new Error(`the dev node has no account #${index}`);
  // This is set-up, not the behaviour under test: a picker that closes because something took focus
  // (a tree refreshing after the previous step) is simply retried.
  for (let attempt = 1; ; attempt++) {
    try {
      await wb.runCommand('FISCO BCOS: Import Account');
      await wb.waitQuickInput('Import account from');
      await wb.pick('Private key (hex)', 5_000);
      await wb.waitQuickInput('Private key', 5_000);
      await wb.answer(account.privateKey);
      await wb.waitQuickInput('Account label', 5_000);
      await wb.answer(label);
      await wb.quickInputClosed();
      await wb
        .toast(new RegExp(`Imported secp256k1 account ${account.address}`, 'i'))
        .waitFor({ timeout: 20_000 });
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      await wb.page.keyboard.press('Escape');
    }
  }
  // The status bar names the active account.
  await wb.page.locator('.part.statusbar', { hasText: label }).waitFor({ timeout: 20_000 });
  return account.address.toLowerCase();
}
