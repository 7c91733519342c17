// Runs a child process to completion, streaming its output, and fails loudly on a non-zero exit.
import { spawn, type SpawnOptions } from 'node:child_process';

export async function run(
  cmd: string,
  args: string[],
  opts: SpawnOptions & { quiet?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      if (!opts.quiet) process.stdout.write(b);
    });
    child.stderr?.on('data', (b: Buffer) => {
      out += b.toString();
      if (!opts.quiet) process.stderr.write(b);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(out);
      else {
        const tail = opts.quiet ? `\n${out.split('\n').slice(-30).join('\n')}` : '';
        reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}${tail}`));
      }
    });
  });
}
