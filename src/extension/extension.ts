// Activation: cheap by design. Registers views, commands and the status bar; solc, the devnode
// process and webview bundles are only loaded when a command needs them.

import * as vscode from 'vscode';
import * as path from 'node:path';
import { ConnectionStore } from './connections/connectionStore';
import { AccountStore } from './accounts/accountStore';
import { Session, type ChainApiFactory } from './session';
import { createSdkChainApi } from './chain/sdkChainApi';
import { DevnodeManager } from './devnode/devnodeManager';
import { StatusBar } from './statusBar';
import { GroupsTree } from './views/groupsTree';
import { BfsTree } from './views/bfsTree';
import { GovernanceTree } from './views/governanceTree';
import { registerConnectionCommands } from './commands/connectionCommands';
import { registerDevnodeCommands } from './commands/devnodeCommands';
import { registerAccountCommands } from './commands/accountCommands';
import { registerNodeCommands } from './commands/nodeCommands';
import { registerBfsCommands } from './commands/bfsCommands';
import { registerGovernanceCommands } from './commands/governanceCommands';
import { registerDeployCommands } from './commands/deployCommands';
import { registerQueryCommands } from './commands/queryCommands';
import { registerStatusBalanceCommands } from './commands/statusBalanceCommands';
import { registerPanelCommands } from './commands/panelCommands';
import { registerEventCommands } from './commands/eventCommands';
import { registerDebugger } from './debug/register';
import { registerTestExplorer, type SolidityTestExplorer } from './testing/testController';
import { registerCallFiles } from './callFiles/callFileCommands';
import { Compiler } from './compile/compiler';
import { SolidityLanguageClient } from './solidity/languageClient';
import { AbiRegistry } from './abiRegistry';
import { exportsFor, installUiRecorder, setTestMode, testHooks } from './testHooks';
import { openWalkthroughOnFirstRun } from './walkthrough';

/**
 * What activate() returns in ExtensionMode.Test only (the extension-host suite): it reaches the
 * session and thus the accounts' private keys, so production and development hosts get nothing.
 */
export interface FiscoBcosApi {
  session: Session;
  devnode: DevnodeManager;
  trees: { groups: GroupsTree; bfs: BfsTree; governance: GovernanceTree };
  statusBar: StatusBar;
  /** The Solidity Test Explorer (run() resolves with the results; output holds the last run's lines). */
  tests: SolidityTestExplorer;
  registry: AbiRegistry;
  compiler: Compiler;
  /** The Solidity language client (its server starts when a .sol file opens). */
  solidity: SolidityLanguageClient;
  testHooks: typeof testHooks;
  /** Replaces how ChainApis are built (tests wrap the default one). */
  setChainApiFactory(factory: ChainApiFactory): void;
  defaultChainApiFactory: ChainApiFactory;
  /** Milliseconds activate() took in this host (the extension-host suite reports it to the bench). */
  activationMs: number;
}

export function activate(context: vscode.ExtensionContext): FiscoBcosApi | undefined {
  const started = performance.now();
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  setTestMode(testMode);
  if (testMode) {
    // Records shown messages and prompts for the suite's assertions; restored on deactivate.
    const restore = installUiRecorder(vscode.window);
    context.subscriptions.push({ dispose: restore });
  }
  const log = vscode.window.createOutputChannel('FISCO BCOS Local Node');
  const connections = new ConnectionStore();
  const accounts = new AccountStore(context.globalState, context.secrets);
  const session = new Session(connections, accounts, createSdkChainApi);
  const devnode = new DevnodeManager(context.extensionPath, context.globalStorageUri.fsPath, log);
  const statusBar = new StatusBar(session);
  const registry = new AbiRegistry(context.workspaceState);
  const compiler = new Compiler(path.join(context.extensionPath, 'dist', 'solc-worker.js'));
  // Cheap: no module load and no process until a .sol document opens.
  const solidity = new SolidityLanguageClient(context);
  compiler.useLanguageServer(solidity);

  const groups = new GroupsTree(session, (c) =>
    c.local && devnode.state === 'running' ? devnode.info?.web3Url : undefined,
  );
  const bfs = new BfsTree(session);
  const governance = new GovernanceTree(session);
  const groupsView = vscode.window.createTreeView('fiscoBcos.groups', {
    treeDataProvider: groups,
    showCollapseAll: true,
  });
  const bfsView = vscode.window.createTreeView('fiscoBcos.bfs', {
    treeDataProvider: bfs,
    showCollapseAll: true,
  });
  const tests = registerTestExplorer(session, compiler, context.extensionPath);
  const governanceView = vscode.window.createTreeView('fiscoBcos.governance', {
    treeDataProvider: governance,
  });

  const refreshAll = () => {
    groups.refresh();
    bfs.refresh();
    governance.refresh();
  };

  context.subscriptions.push(
    log,
    connections,
    accounts,
    session,
    devnode,
    statusBar,
    compiler,
    solidity,
    groups,
    bfs,
    governance,
    groupsView,
    bfsView,
    governanceView,
    session.onDidChange(refreshAll),
    devnode.onDidChangeState(() => groups.refresh()),
    vscode.commands.registerCommand('fiscoBcos.refreshGroups', () => groups.refresh()),
    vscode.commands.registerCommand('fiscoBcos.refreshBfs', () => bfs.refresh()),
    ...registerConnectionCommands(session),
    ...registerDevnodeCommands(session, devnode),
    ...registerAccountCommands(session),
    ...registerNodeCommands(session, () => groups.refresh()),
    ...registerBfsCommands(session, bfs),
    ...registerGovernanceCommands(session, governance),
    ...registerDeployCommands(session, compiler, registry, (path) =>
      bfs.refreshPath(path.split('/').slice(0, -1).join('/') || '/'),
    ),
    ...registerQueryCommands(session, context),
    ...registerStatusBalanceCommands(session),
    ...registerPanelCommands(session, context, registry, governance),
    ...registerEventCommands(session, context, registry),
    ...registerDebugger(session, compiler),
    tests,
    registerCallFiles(session, registry),
  );

  openWalkthroughOnFirstRun(context, testMode);

  const activationMs = performance.now() - started;
  return exportsFor(testMode, () => ({
    activationMs,
    session,
    devnode,
    trees: { groups, bfs, governance },
    statusBar,
    tests,
    registry,
    compiler,
    solidity,
    testHooks,
    setChainApiFactory: (factory: ChainApiFactory) => session.setFactory(factory),
    defaultChainApiFactory: createSdkChainApi,
  }));
}

export function deactivate(): void {
  // Disposables (the local node process, the solc worker) are released through context.subscriptions.
  setTestMode(false);
}
