// `npm run package`: production build, then a .vsix in the repository root that installs into
// desktop VS Code (`code --install-extension fisco-bcos-vscode-<version>.vsix`).
import fs from 'node:fs';
import path from 'node:path';
import { buildExtension, defaultVsixName, packageVsix } from './lib/package-vsix';
import { repoRoot } from './lib/paths';

async function main() {
  const started = Date.now();
  await buildExtension(true);
  const out = await packageVsix(path.join(repoRoot, defaultVsixName()));
  const size = (fs.statSync(out).size / 1024 / 1024).toFixed(1);
  console.log(
    `packaged ${path.relative(process.cwd(), out)} (${size} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
