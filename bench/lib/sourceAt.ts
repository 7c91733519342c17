import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..');

/**
 * The dev node's source (src/) at git `ref`, extracted into a new directory under `work` for an
 * A/B build; its imports resolve from this repository's node_modules.
 */
export function sourceAt(ref: string, work: string): string {
  const dir = mkdtempSync(join(work, 'ref-'));
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} src | tar -x -C ${JSON.stringify(dir)}`], {
    cwd: REPO,
  });
  return dir;
}
