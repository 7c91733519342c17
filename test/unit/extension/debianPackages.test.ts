// `npm start` / the test runners install missing Debian packages only as root, and say what and
// why before apt-get runs; FISCO_BCOS_NO_APT (optOut) leaves it to the user.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BROWSER_PACKAGES,
  CODE_SERVER_BUILD_PACKAGES,
  PACKAGE_REASONS,
  planInstall,
} from '../../../scripts/lib/debian-packages';

describe('Debian package install plan', () => {
  it('as root: lists each package with its reason and the command before running it', () => {
    const plan = planInstall(['chromium', 'ripgrep'], { root: true, hasApt: true, optOut: false });
    assert.equal(plan.runs, true);
    assert.equal(plan.command, 'apt-get update && apt-get install -y chromium ripgrep');
    assert.match(plan.lines[0], /installing them now as root with apt-get \(set FISCO_BCOS_NO_APT=1/);
    assert.match(plan.lines[1], /^ {2}chromium {2}the browser the end-to-end tests drive/);
    assert.match(plan.lines[2], /^ {2}ripgrep {3}VS Code's search/);
    assert.equal(plan.lines.at(-1), `Running: ${plan.command}`);
  });

  it('not root, no apt-get, or opted out: nothing runs and the command to run is given', () => {
    for (const opts of [
      { root: false, hasApt: true, optOut: false },
      { root: true, hasApt: false, optOut: false },
      { root: true, hasApt: true, optOut: true },
    ]) {
      const plan = planInstall(['chromium'], opts);
      assert.equal(plan.runs, false);
      assert.equal(plan.lines[0], 'Missing Debian packages:');
      assert.match(plan.lines.at(-1)!, /sudo sh -c 'apt-get update && apt-get install -y chromium'/);
    }
  });

  it('every package the tooling installs has a reason', () => {
    for (const name of [...CODE_SERVER_BUILD_PACKAGES, ...BROWSER_PACKAGES])
      assert.ok(PACKAGE_REASONS[name], name);
  });
});
