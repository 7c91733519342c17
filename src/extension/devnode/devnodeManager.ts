// Runs the local dev node as a child process (`node dist/devnode-cli.js --data … --json`):
// start, stop, restart, reset; logs to an output channel; explains start failures.

import * as vscode from 'vscode';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { type DevnodeReady, explainStartFailure, parseReadyLine } from './readyLine';
import { findFreePort, isPortFree } from './portCheck';

const READY_TIMEOUT_MS = 60_000;

export type DevnodeState = 'stopped' | 'starting' | 'running' | 'stopping';

export class DevnodeManager implements vscode.Disposable {
  private child: ChildProcess | undefined;
  private ready: DevnodeReady | undefined;
  private stateValue: DevnodeState = 'stopped';
  private readonly changed = new vscode.EventEmitter<DevnodeState>();
  readonly onDidChangeState = this.changed.event;

  constructor(
    private readonly extensionPath: string,
    private readonly storagePath: string,
    readonly log: vscode.OutputChannel,
  ) {}

  get state(): DevnodeState {
    return this.stateValue;
  }

  get info(): DevnodeReady | undefined {
    return this.ready;
  }

  get dataDir(): string {
    return path.join(this.storagePath, 'devnode');
  }

  private setState(s: DevnodeState): void {
    this.stateValue = s;
    void vscode.commands.executeCommand(
      'setContext',
      'fiscoBcos.devnodeRunning',
      s === 'running' || s === 'starting',
    );
    this.changed.fire(s);
  }

  /** Starts the node and resolves with its ready line; throws an Error whose message says what to do. */
  async start(port: number, accounts: number, web3Port?: number): Promise<DevnodeReady> {
    if (this.child && this.ready) return this.ready;
    const cli = path.join(this.extensionPath, 'dist', 'devnode-cli.js');
    if (!fs.existsSync(cli))
      throw new DevnodeStartError(explainStartFailure('Cannot find module devnode-cli', null, port));
    if (!(await isPortFree(port)))
      throw new DevnodeStartError(explainStartFailure('EADDRINUSE', null, port), port);
    if (web3Port !== undefined && web3Port !== 0 && !(await isPortFree(web3Port)))
      throw new DevnodeStartError({
        message: `Port ${web3Port} is already in use, so the local node cannot serve its Web3 JSON-RPC there. Stop the program using it (often another Ethereum dev node), choose another port in "fiscoBcos.localNode.web3Port", or turn off "fiscoBcos.localNode.web3".`,
        actions: ['Show Log'],
      });
    fs.mkdirSync(this.dataDir, { recursive: true });
    const args = [
      cli,
      '--data',
      this.dataDir,
      '--json',
      '--port',
      String(port),
      '--accounts',
      String(accounts),
      ...(web3Port !== undefined ? ['--web3-port', String(web3Port)] : []),
    ];
    this.log.appendLine(
      `[${new Date().toISOString()}] Starting local node: node ${args.map((a) => (a.includes(' ') ? `"${a}"` : a)).join(' ')}`,
    );
    this.setState('starting');
    // ELECTRON_RUN_AS_NODE makes the VS Code binary behave as plain Node when execPath is Electron.
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let stderr = '';
    return new Promise<DevnodeReady>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err);
      };
      const timer = setTimeout(() => {
        fail(
          new DevnodeStartError({
            message: `The local node did not report ready within ${READY_TIMEOUT_MS / 1000} s. See the log.`,
            actions: ['Show Log'],
          }),
        );
        this.kill();
      }, READY_TIMEOUT_MS);
      let buffer = '';
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          const ready = settled ? undefined : parseReadyLine(line, port);
          // The ready line carries dev private keys: keep them out of the log.
          this.log.appendLine(
            ready
              ? `Local node ready at ${ready.url} (group ${ready.group}, ${ready.accounts.length} dev accounts)${ready.web3Url ? `, Web3 JSON-RPC at ${ready.web3Url}` : ''}`
              : line,
          );
          if (ready && !settled) {
            settled = true;
            clearTimeout(timer);
            this.ready = ready;
            this.setState('running');
            resolve(ready);
          }
        }
      });
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-8000);
        this.log.append(chunk);
      });
      child.once('error', (err) => fail(new DevnodeStartError(explainStartFailure(String(err), null, port))));
      child.once('exit', (code, signal) => {
        this.log.appendLine(`[${new Date().toISOString()}] Local node exited (${signal ?? `code ${code}`}).`);
        const wasRunning = this.stateValue === 'running';
        this.child = undefined;
        this.ready = undefined;
        this.setState('stopped');
        fail(new DevnodeStartError(explainStartFailure(stderr, code, port), port));
        if (wasRunning && code !== 0 && signal !== 'SIGTERM') {
          void vscode.window
            .showErrorMessage(`The local node stopped unexpectedly (code ${code}).`, 'Show Log')
            .then((a) => a && this.log.show());
        }
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.setState('stopping');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** Deletes the chain data; the node must be stopped. */
  async reset(): Promise<void> {
    await this.stop();
    await fs.promises.rm(this.dataDir, { recursive: true, force: true });
    this.log.appendLine(`[${new Date().toISOString()}] Local node data deleted (${this.dataDir}).`);
  }

  private kill(): void {
    this.child?.kill('SIGTERM');
  }

  dispose(): void {
    this.kill();
    this.changed.dispose();
  }
}

export class DevnodeStartError extends Error {
  constructor(
    readonly failure: { message: string; actions: string[] },
    readonly port?: number,
  ) {
    super(failure.message);
    this.name = 'DevnodeStartError';
  }
}

export { findFreePort };
