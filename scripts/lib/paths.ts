// Locations shared by `npm start`, the e2e runner and the integration runner.
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
/** Git-ignored cache for code-server, profiles and packaged builds. */
export const cacheDir = path.join(repoRoot, '.cache');
/** Git-ignored folder for screenshots and logs of test runs. */
export const testOutputDir = path.join(repoRoot, 'test-output');
/** The sample workspace: a contract ready to deploy. */
export const sampleWorkspace = path.join(repoRoot, 'samples', 'workspace');
export const devnodeCli = path.join(repoRoot, 'dist', 'devnode-cli.js');
