// `npm start`: build the extension, start the local dev node, and open VS Code (code-server) in the
// browser with the extension installed, pointed at that node, with the node's dev accounts imported
// (account 0, the governor, active), on a copy of the sample workspace in .cache/start/workspace.
// Ctrl+C stops everything. Options: --fresh (new chain), --new-profile (forget VS Code settings,
// accounts and layout), --port N (workbench), --node-port N.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCodeServer } from './lib/code-server-install';
import { launchCodeServer, workbenchUrl, type CodeServer } from './lib/code-server';
import { startDevnode, type Devnode } from './lib/devnode-process';
import { freePort, isPortFree } from './lib/free-port';
import { buildExtension, packageVsix } from './lib/package-vsix';
import { cacheDir, repoRoot, sampleWorkspace } from './lib/paths';
import { PidFile } from './lib/process-group';
import { DEV_ACCOUNTS_ENV } from '../src/extension/accounts/devAccountsEnv';
import { isRecord } from '../src/protocol/unknownValues';

export const CONNECTION_NAME = 'Dev Node (npm start)';

const { values: opts } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    'new-profile': { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    'node-port': { type: 'string', default: '20200' },
  },
});

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[start] ${line}`);

/** A fixed port keeps the browser's workbench state (open views) across restarts; fall back to any. */
async function pickPort(wanted: number): Promise<number> {
  if (await isPortFree(wanted)) return wanted;
  log(`port ${wanted} is busy, using a free one`);
  return 0;
}

/**
 * The workbench opens a copy of samples/workspace, so deployments (.fisco-bcos/) and edits stay out
 * of the repository. Made once and kept across runs (with --new-profile it starts over); sample
 * files added later are copied in without touching the user's edits.
 */
function prepareWorkspace(runDir: string): string {
  const workspace = path.join(runDir, 'workspace');
  if (opts['new-profile']) fs.rmSync(workspace, { recursive: true, force: true });
  fs.cpSync(sampleWorkspace, workspace, { recursive: true, force: false, errorOnExist: false });
  return workspace;
}

async function main() {
  const started = Date.now();
  const runDir = path.join(cacheDir, 'start');
  fs.mkdirSync(runDir, { recursive: true });
  const pidFile = new PidFile(path.join(runDir, 'pids.json'));
  const leftovers = await pidFile.sweep();
  if (leftovers.length) log(`stopped leftovers of an earlier run: ${leftovers.join('; ')}`);
  if (opts['new-profile']) {
    for (const dir of ['user-data', 'extensions', 'home'])
      fs.rmSync(path.join(runDir, dir), { recursive: true, force: true });
  }

  const workspace = prepareWorkspace(runDir);

  log('building the extension…');
  await buildExtension(true);
  const vsix = await packageVsix(path.join(runDir, 'fisco-bcos-vscode.vsix'), { quiet: true });
  await ensureCodeServer(log);

  let devnode: Devnode | undefined;
  let server: CodeServer | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    await server?.stop();
    await devnode?.stop();
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));

  try {
    const dataDir = path.join(repoRoot, '.devnode');
    devnode = await startDevnode({
      port: (await isPortFree(Number(opts['node-port']))) ? Number(opts['node-port']) : await freePort(),
      dataDir,
      fresh: opts.fresh,
      logFile: path.join(runDir, 'devnode.log'),
      pidFile,
    });
    log(
      `dev node at ${devnode.url} (group ${devnode.group}, data in .devnode/, log in ${path.relative(repoRoot, devnode.logFile)})`,
    );

    server = await launchCodeServer({
      runDir,
      vsix,
      pidFile,
      port: await pickPort(Number(opts.port)),
      // The extension imports these public test keys for our connection only (accounts/devAccountsEnv.ts).
      env: {
        [DEV_ACCOUNTS_ENV]: JSON.stringify({
          connection: CONNECTION_NAME,
          url: devnode.url,
          accounts: devnode.accounts,
        }),
      },
      // Keep connections the user added in this profile; (re)point ours at the node just started.
      settings: (existing) => ({
        'fiscoBcos.connections': [
          ...(Array.isArray(existing['fiscoBcos.connections'])
            ? Array.from<unknown>(existing['fiscoBcos.connections'])
            : []
          ).filter((c) => !isRecord(c) || c.name !== CONNECTION_NAME),
          { name: CONNECTION_NAME, url: devnode!.url, group: devnode!.group },
        ],
        'fiscoBcos.activeConnection': CONNECTION_NAME,
      }),
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown(1);
    return;
  }

  const watch = setInterval(() => {
    // Either child dying leaves a half-working setup: say so and stop the rest.
    for (const [name, pid] of [
      ['code-server', server.pid],
      ['dev node', devnode.pid],
    ] as const) {
      try {
        process.kill(pid, 0);
      } catch {
        clearInterval(watch);
        console.error(`${name} stopped unexpectedly`);
        void shutdown(1);
      }
    }
  }, 1000);

  const url = workbenchUrl(server.url, workspace);
  console.log('');
  console.log(`  VS Code with FISCO BCOS is ready (${seconds(started)}). Open:`);
  console.log(`    ${url}`);
  console.log('');
  console.log(`  Dev node RPC: ${devnode.url}  (group ${devnode.group})`);
  console.log(`  Workspace: ${path.relative(repoRoot, workspace)} (a copy of samples/workspace)`);
  // Public test keys, printed like Hardhat does. The extension already has them (account 0 active).
  devnode.accounts.slice(0, 3).forEach((a, i) => {
    console.log(
      `  Dev account ${i}${i === 0 ? ' (governor, active)' : ''}: ${a.address}  key ${a.privateKey}`,
    );
  });
  if (devnode.accounts.length > 3)
    console.log(`  … and ${devnode.accounts.length - 3} more, all under "FISCO BCOS: Select Active Account"`);
  console.log('  Press Ctrl+C to stop.');
  console.log('');
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
