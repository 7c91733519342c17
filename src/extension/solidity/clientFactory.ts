// Bundled on its own (dist/sol-client.js) and required only when the first .sol file opens, so
// dist/extension.js, which every activation loads, does not carry vscode-languageclient.

import { LanguageClient, type LanguageClientOptions, TransportKind } from 'vscode-languageclient/node';

export function createLanguageClient(serverModule: string, options: LanguageClientOptions): LanguageClient {
  return new LanguageClient(
    'fiscoBcosSolidity',
    'FISCO BCOS Solidity',
    {
      run: { module: serverModule, transport: TransportKind.ipc },
      debug: {
        module: serverModule,
        transport: TransportKind.ipc,
        options: { execArgv: ['--nolazy', '--inspect=6019'] },
      },
    },
    options,
  );
}
