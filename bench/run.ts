// Runs every bench/*.bench.ts in its own process, one after another (2-core machine: no overlap),
// so each measures itself and its peer in the same run without interference from the others.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

// Arguments before the first flag ("--flag" or "-h") pick benches by name; that flag and everything
// after it go to each bench (npm run bench -- devnode.bench --ab-ref main --rounds 3; --help prints
// the usage of each bench picked).
const args = process.argv.slice(2);
const firstFlag = args.findIndex((a) => a.startsWith('-'));
const only = firstFlag < 0 ? args : args.slice(0, firstFlag);
const flags = firstFlag < 0 ? [] : args.slice(firstFlag);
const dir = __dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, f), ...flags], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
if (failed) process.exit(1);
