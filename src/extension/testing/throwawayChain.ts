// A throwaway chain for one Solidity test run: the bundled devnode as a child process (as Start
// Local Node runs it), in memory, on a free port, stopped when the run ends. Tests then never add
// blocks to the chain the user is inspecting.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChainApi, Signer } from '../chain/chainApi';
import type { ConnectionConfig } from '../connections/connectionModel';
import { parseReadyLine } from '../devnode/readyLine';

const READY_TIMEOUT_MS = 60_000;

export interface TestChain {
  /** What the run output calls it. */
  name: string;
  url: string;
  group: string;
  api: ChainApi;
  signer: Signer;
  /** Stops the chain (for a throwaway chain) or does nothing (the active connection). */
  release(): Promise<void>;
}

/** Starts `dist/devnode-cli.js --json --port 0` and resolves once it reports ready. */
export async function startThrowawayChain(
  extensionPath: string,
  sm: boolean,
  makeApi: (c: ConnectionConfig) => ChainApi,
): Promise<TestChain> {
  const cli = path.join(extensionPath, 'dist', 'devnode-cli.js');
  if (!fs.existsSync(cli))
    throw new Error(
      `Cannot start a throwaway chain for the tests: ${cli} is missing. Rebuild the extension, or set "fiscoBcos.tests.chain" to "activeConnection".`,
    );
  const args = [
    cli,
    '--json',
    '--port',
    '0',
    '--accounts',
    '1',
    '--log-level',
    'warn',
    ...(sm ? ['--sm'] : []),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-4000)));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const ready = await new Promise<ReturnType<typeof parseReadyLine>>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => {
      reject(new Error(`The throwaway test chain did not report ready within ${READY_TIMEOUT_MS / 1000} s.`));
    }, READY_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const r = parseReadyLine(buffer.slice(0, nl), 0);
        buffer = buffer.slice(nl + 1);
        if (r) {
          clearTimeout(timer);
          resolve(r);
        }
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The throwaway test chain exited (code ${code}): ${stderr.trim() || 'no output'}`));
    });
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  const account = ready?.accounts[0];
  if (!ready || !account) {
    await stop();
    throw new Error('The throwaway test chain reported no dev account.');
  }
  const name = 'a throwaway local chain';
  const api = makeApi({ name: 'Solidity tests', url: ready.url, group: ready.group, sm: ready.sm });
  return {
    name,
    url: ready.url,
    group: ready.group,
    api,
    signer: { address: account.address, privateKey: account.privateKey, sm: ready.sm },
    async release() {
      api.close();
      await stop();
    },
  };
}
