// Living with other Solidity extensions: when Hardhat's (NomicFoundation.hardhat-solidity) or
// Juan Blanco's (JuanBlanco.solidity) extension is installed and enabled, ours defers by default
// (no second set of diagnostics and completions); `fiscoBcos.solidity.languageServer` decides.

import * as vscode from 'vscode';

export const OTHER_SOLIDITY_EXTENSIONS: Record<string, string> = {
  'NomicFoundation.hardhat-solidity': "Hardhat's Solidity extension",
  'JuanBlanco.solidity': "Juan Blanco's Solidity extension",
};

export type LanguageServerMode = 'auto' | 'on' | 'off';

export function languageServerMode(): LanguageServerMode {
  const v = vscode.workspace.getConfiguration('fiscoBcos.solidity').get<string>('languageServer', 'auto');
  return v === 'on' || v === 'off' ? v : 'auto';
}

/** The other Solidity extension that is active or enabled, if any. */
export function otherSolidityExtension(): { id: string; label: string } | undefined {
  for (const [id, label] of Object.entries(OTHER_SOLIDITY_EXTENSIONS))
    if (vscode.extensions.getExtension(id)) return { id, label };
  return undefined;
}

/** Whether our language server should run, given the setting and the other extensions. */
export function shouldRunLanguageServer(
  mode: LanguageServerMode,
  other: { id: string } | undefined,
): boolean {
  if (mode === 'off') return false;
  if (mode === 'on') return true;
  return !other;
}
