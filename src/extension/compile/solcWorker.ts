// The solc worker (bundled as dist/solc-worker.js): loads solc and compiles off the extension-host
// thread. solc stays external to the bundle, so `require('solc')` finds what the extension found
// before: dist/node_modules/solc in the packaged .vsix, node_modules/solc in development; a
// configured soljson goes through solc/wrapper. Loaded once per soljson path and kept between
// compiles. No vscode.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { parentPort, threadId } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './solcWorkerProtocol';
import { errorMessage } from '../../protocol/unknownValues';

interface Solc {
  compile(input: string, options?: { import?: (p: string) => { contents?: string; error?: string } }): string;
  version(): string;
}

let loaded: { from: string; solc: Solc } | undefined;

function loadSolc(soljsonPath: string): Solc {
  if (loaded && loaded.from === soljsonPath) return loaded.solc;
  let solc: Solc;
  try {
    if (soljsonPath) {
      if (!fs.existsSync(soljsonPath))
        throw new Error(`fiscoBcos.solc.soljsonPath points to ${soljsonPath}, which does not exist.`);
      // solc ships without types: these requires are typed by its documented API (Solc, wrapper).
      // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion
      const wrapper = require('solc/wrapper') as (m: unknown) => Solc;
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a soljson file chosen at run time
      solc = wrapper(require(soljsonPath));
    } else {
      // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion
      solc = require('solc') as Solc;
    }
  } catch (err) {
    throw new Error(`Could not load the Solidity compiler: ${errorMessage(err)}`, { cause: err });
  }
  loaded = { from: soljsonPath, solc };
  return solc;
}

/** Imports resolve from the workspace root, its node_modules and lib/ (as before the worker). */
function importer(root: string) {
  return (p: string) => {
    const candidates = [path.join(root, p), path.join(root, 'node_modules', p), path.join(root, 'lib', p)];
    for (const c of candidates) if (fs.existsSync(c)) return { contents: fs.readFileSync(c, 'utf8') };
    return { error: `File not found: ${p}` };
  };
}

function reply(message: WorkerReply): void {
  parentPort!.postMessage(message);
}

parentPort?.on('message', (req: WorkerRequest) => {
  try {
    const solc = loadSolc(req.soljsonPath);
    reply({ id: req.id, type: 'loaded', version: solc.version(), threadId });
    const output = solc.compile(req.input, { import: importer(req.root) });
    reply({ id: req.id, type: 'done', output });
  } catch (err) {
    reply({ id: req.id, type: 'error', message: errorMessage(err) });
  }
});
