// Start/stop/restart/reset of the local dev node, connecting to it in one click and offering
// its dev accounts.

import * as vscode from 'vscode';
import { DevnodeStartError, findFreePort, type DevnodeManager } from '../devnode/devnodeManager';
import { probeFiscoNode } from '../devnode/portCheck';
import { checkConnection } from './connectionCommands';
import type { DevnodeReady } from '../devnode/readyLine';
import { LOCAL_CONNECTION_NAME } from '../connections/connectionModel';
import { keyFromHex, type KeyInfo } from '../accounts/keyMaterial';
import type { Session } from '../session';
import { guarded } from '../errors';
import { skipsConfirmation } from '../testHooks';

function config() {
  const c = vscode.workspace.getConfiguration('fiscoBcos.localNode');
  return {
    port: c.get<number>('port', 20200),
    accounts: c.get<number>('accounts', 5),
    web3Port: c.get<boolean>('web3', false) ? c.get<number>('web3Port', 8545) : undefined,
  };
}

async function connectToLocal(session: Session, ready: DevnodeReady): Promise<void> {
  const existing = session.connections.get(LOCAL_CONNECTION_NAME);
  await session.connections.upsert(
    {
      name: LOCAL_CONNECTION_NAME,
      url: ready.url,
      group: ready.group,
      local: true,
      ...(ready.sm ? { sm: true } : {}),
    },
    existing ? LOCAL_CONNECTION_NAME : undefined,
  );
  const keys: KeyInfo[] = [];
  for (const a of ready.accounts) {
    try {
      keys.push(keyFromHex(a.privateKey, ready.sm));
    } catch {
      // a malformed dev key is skipped; the others stay usable
    }
  }
  if (keys.length) await session.accounts.replaceDevAccounts(keys);
  const active = session.accounts.activeAddress(LOCAL_CONNECTION_NAME);
  if (keys.length && (!active || !session.accounts.listFor(ready.sm).some((a) => a.address === active)))
    await session.accounts.setActive(LOCAL_CONNECTION_NAME, keys[0].address);
  await session.connections.setActive(LOCAL_CONNECTION_NAME);
}

export function registerDevnodeCommands(session: Session, devnode: DevnodeManager): vscode.Disposable[] {
  const start = async (portOverride?: number): Promise<DevnodeReady | undefined> => {
    const { port, accounts, web3Port } = config();
    const usePort = portOverride ?? port;
    try {
      const ready = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `Starting the local FISCO BCOS node ${usePort ? `on port ${usePort}` : 'on a free port'}…`,
        },
        () => devnode.start(usePort, accounts, web3Port),
      );
      await connectToLocal(session, ready);
      void vscode.window.showInformationMessage(
        `Local node running at ${ready.url} with ${ready.accounts.length} dev accounts.${ready.web3Url ? ` Web3 JSON-RPC (ethers, viem, cast) at ${ready.web3Url}.` : ''}`,
      );
      return ready;
    } catch (err) {
      if (!(err instanceof DevnodeStartError)) throw err;
      // A node already answering on the port (say, one left from another window) can simply be used.
      const running = err.failure.actions.includes('Use Another Port') && (await probeFiscoNode(usePort));
      const message = running
        ? `A FISCO BCOS node already answers on port ${usePort}. Connect to it, or start the local node on another port.`
        : `Could not start the local node. ${err.message}`;
      const actions = running ? ['Connect to It', ...err.failure.actions] : err.failure.actions;
      // Not awaited: the command ends now; the chosen follow-up runs when the user picks it.
      void vscode.window.showErrorMessage(message, ...actions).then(async (action) => {
        if (action === 'Connect to It') {
          const url = `http://127.0.0.1:${usePort}`;
          const existing = session.connections.get(LOCAL_CONNECTION_NAME);
          await session.connections.upsert(
            { name: LOCAL_CONNECTION_NAME, url, group: 'group0', local: true },
            existing ? LOCAL_CONNECTION_NAME : undefined,
          );
          await session.connections.setActive(LOCAL_CONNECTION_NAME);
          await checkConnection(session, session.connections.get(LOCAL_CONNECTION_NAME)!);
        }
        if (action === 'Show Log') devnode.log.show(true);
        if (action === 'Reset Local Node') await vscode.commands.executeCommand('fiscoBcos.resetLocalNode');
        if (action === 'Use Another Port') {
          const free = await findFreePort();
          await vscode.workspace
            .getConfiguration('fiscoBcos.localNode')
            .update('port', free, vscode.ConfigurationTarget.Global);
          await start(free);
        }
      });
      return undefined;
    }
  };

  return [
    vscode.commands.registerCommand(
      'fiscoBcos.startLocalNode',
      guarded('Start local node failed', async () => {
        if (devnode.state === 'running' && devnode.info) {
          await connectToLocal(session, devnode.info);
          return devnode.info;
        }
        return start();
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.stopLocalNode',
      guarded('Stop local node failed', async () => {
        if (devnode.state === 'stopped') {
          void vscode.window.showInformationMessage('The local node is not running.');
          return;
        }
        await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Window, title: 'Stopping the local node…' },
          () => devnode.stop(),
        );
        session.notify();
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.restartLocalNode',
      guarded('Restart local node failed', async () => {
        await devnode.stop();
        return start();
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.resetLocalNode',
      guarded('Reset local node failed', async (options?: { confirm?: boolean }) => {
        // `{ confirm: false }` skips the question only in Test mode, like every other confirmation.
        if (!skipsConfirmation(options?.confirm === false)) {
          const ok = await vscode.window.showWarningMessage(
            'Reset the local node? All its blocks, contracts and BFS entries are deleted and cannot be recovered.',
            { modal: true },
            'Reset',
          );
          if (ok !== 'Reset') return;
        }
        const wasRunning = devnode.state !== 'stopped';
        await devnode.reset();
        if (wasRunning) return start();
        void vscode.window.showInformationMessage(
          'Local node data deleted. Start the local node to begin a fresh chain.',
        );
        return undefined;
      }),
    ),
    vscode.commands.registerCommand('fiscoBcos.showLocalNodeLog', () => devnode.log.show(true)),
  ];
}
