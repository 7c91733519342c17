// What the e2e and integration runners share: set-up, a fresh dev node, a copy of the sample
// workspace, code-server and one Chromium, all stopped together by process id.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { launchCodeServer, type CodeServer } from './code-server';
import { ensureCodeServer } from './code-server-install';
import { BROWSER_PACKAGES, ensureDebianPackages } from './debian-packages';
import { startDevnode, type Devnode } from './devnode-process';
import { cacheDir, sampleWorkspace } from './paths';
import { PidFile } from './process-group';

export interface TestSession {
  runDir: string;
  workspace: string;
  devnode: Devnode;
  server: CodeServer;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface TestSessionOptions {
  /** Fresh directory for profiles, logs and the workspace copy. */
  runDir: string;
  vsix?: string;
  settings?: (devnode: Devnode) => Record<string, unknown>;
  env?: (devnode: Devnode) => Record<string, string>;
  log: (line: string) => void;
}

/** One pid file for all test runs: a killed run's code-server and dev node are swept by the next. */
const pidFile = () => new PidFile(path.join(cacheDir, 'test-pids.json'));

export async function prepareTools(log: (line: string) => void): Promise<void> {
  await ensureDebianPackages(BROWSER_PACKAGES, log);
  await ensureCodeServer(log);
  const leftovers = await pidFile().sweep();
  if (leftovers.length) log(`stopped leftovers of an earlier, killed run: ${leftovers.join('; ')}`);
}

export async function openSession(opts: TestSessionOptions): Promise<TestSession> {
  const { runDir, log } = opts;
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const pids = pidFile();
  const workspace = path.join(runDir, 'workspace');
  fs.cpSync(sampleWorkspace, workspace, { recursive: true });

  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch((err) => log(`shutdown: ${err}`));
  };
  try {
    let t = Date.now();
    const devnode = await startDevnode({
      port: 0,
      dataDir: path.join(runDir, 'devnode-data'),
      fresh: true,
      logFile: path.join(runDir, 'devnode.log'),
      pidFile: pids,
    });
    closers.push(() => devnode.stop());
    log(`dev node ready at ${devnode.url} in ${Date.now() - t} ms`);
    t = Date.now();
    const server = await launchCodeServer({
      runDir,
      vsix: opts.vsix,
      pidFile: pids,
      settings: opts.settings?.(devnode) ?? {},
      env: opts.env?.(devnode),
    });
    closers.push(() => server.stop());
    log(`code-server at ${server.url} in ${Date.now() - t} ms`);
    const context = await launchBrowser(runDir);
    closers.push(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    return { runDir, workspace, devnode, server, context, page, close };
  } catch (err) {
    await close();
    throw err;
  }
}
