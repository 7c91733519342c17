// A native solc executable (setting fiscoBcos.solc.binaryPath) driven through --standard-json,
// for compiler versions or speed the bundled solcjs does not offer. No vscode; unit-tested with a
// stand-in executable.

import { spawn } from 'node:child_process';
import { errorMessage } from '../../protocol/unknownValues';

const TIMEOUT_MS = 120_000;

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

function run(binary: string, args: string[], input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: TIMEOUT_MS });
    } catch (err) {
      reject(new Error(`fiscoBcos.solc.binaryPath (${binary}) cannot be run: ${errorMessage(err)}`));
      return;
    }
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `fiscoBcos.solc.binaryPath (${binary}) cannot be run: ${err.code === 'ENOENT' ? 'no such file' : err.code === 'EACCES' ? 'not executable' : err.message}`,
        ),
      ),
    );
    child.on('close', (code) => resolve({ stdout, stderr, code }));
    child.stdin.on('error', () => undefined); // the exit code / stderr say what went wrong
    child.stdin.end(input ?? '');
  });
}

/** "0.8.26+commit.8a97fa7a…" from `solc --version`. */
export async function solcBinaryVersion(binary: string): Promise<string> {
  const r = await run(binary, ['--version']);
  const version = /Version:\s*(\S+)/.exec(r.stdout)?.[1];
  if (r.code !== 0 || !version)
    throw new Error(
      `fiscoBcos.solc.binaryPath (${binary}) is not a solc executable: ${(r.stderr || r.stdout).trim().slice(0, 200) || `exit code ${r.code}`}`,
    );
  return version;
}

/** Standard-JSON compile; imports resolve from the workspace root (--base-path / --allow-paths). */
export async function compileWithBinary(binary: string, input: string, root: string): Promise<string> {
  const r = await run(binary, ['--standard-json', '--base-path', root, '--allow-paths', root], input);
  // solc reports compile errors inside the JSON with exit code 0; anything else is a crash.
  if (r.code !== 0 || !r.stdout.trim().startsWith('{'))
    throw new Error(
      `solc (${binary}) failed: ${(r.stderr || r.stdout).trim().slice(0, 300) || `exit code ${r.code}`}`,
    );
  return r.stdout;
}
