// `npm run devnode`: bundles the dev node CLI from source (esbuild, a fraction of a second) and
// runs the bundle in this process, as `bcos-devnode` runs dist/devnode-cli.js. Running the
// sources through tsx instead costs about two seconds of start-up, every start.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const built = spawnSync(process.execPath, [path.join(root, 'esbuild.js'), '--only', 'devnode-cli'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);
require(path.join(root, 'dist', 'devnode-cli.js'));
