// One rule for every link entry point (deploy notification's version prompt, "Link a Contract
// Here", Link Contract into BFS): only what the chain stores exactly where the user was told.
// Real-node rules: FISCO-BCOS bcos-executor/src/precompiled/BFSPrecompiled.cpp (`checkLinkParam`
// refuses "/" in a CNS name or version; `link` prepends "/apps/" to any path through
// `getContractTableName`) and common/Utilities.cpp `checkPathValid` (6 levels, 128 characters,
// segments ^[\w]+[\w\-#@.]*$).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  canLinkIn,
  defaultLinkPath,
  linkDirProblem,
  validateLinkChild,
  validateLinkPath,
  validateLinkSegment,
  validateLinkVersion,
} from '../../../src/extension/models/bfsModel';

describe('link validation', () => {
  it('a version is one segment: "/usr/counter" would have been stored as /apps/Counter//usr/counter', () => {
    assert.equal(validateLinkVersion('Counter', '1.0'), undefined);
    assert.equal(validateLinkVersion('Counter', 'v2-rc.1#a@b'), undefined);
    assert.match(validateLinkVersion('Counter', '/usr/counter')!, /one path segment: "\/" is not allowed/);
    assert.match(validateLinkVersion('Counter', '1.0/extra')!, /"\/" is not allowed/);
    assert.match(validateLinkVersion('Counter', '')!, /Enter a version/);
    assert.match(validateLinkVersion('Counter', '-1')!, /not a valid version/);
    assert.match(validateLinkVersion('Counter', 'a b')!, /not a valid version/);
    assert.match(validateLinkVersion('Counter', 'x'.repeat(120))!, /128 characters/);
  });

  it('a full path stays under /apps with no empty segments, within 6 levels and 128 characters', () => {
    assert.equal(validateLinkPath(defaultLinkPath('Hello', '1.0')), undefined);
    assert.equal(validateLinkPath('/apps/a/b/c/d/e'), undefined);
    assert.match(validateLinkPath('/usr/counter')!, /under \/apps\//);
    assert.match(validateLinkPath('/apps/Counter//usr/counter')!, /empty segments/);
    assert.match(validateLinkPath('/apps/Counter/1.0/')!, /does not end with/);
    assert.match(validateLinkPath('/apps/')!, /does not end with|Give a name/);
    assert.match(validateLinkPath('/apps/a/b/c/d/e/f')!, /at most 6 levels/);
    assert.match(validateLinkPath('/apps/a*b')!, /not a valid name/);
    assert.match(validateLinkPath(`/apps/${'a'.repeat(130)}`)!, /128 characters/);
  });

  it('links are made only in /apps and below; the directory is checked before any name', () => {
    assert.ok(canLinkIn('/apps'));
    assert.ok(canLinkIn('/apps/Counter'));
    for (const dir of ['/usr', '/usr/lib', '/tables', '/sys', '/', '/appsx']) {
      assert.equal(canLinkIn(dir), false, dir);
      assert.match(linkDirProblem(dir)!, /^Links can only be made under \/apps, not in /);
      assert.equal(validateLinkChild(dir, 'good'), linkDirProblem(dir));
    }
    assert.equal(validateLinkChild('/apps/Counter', '2.0'), undefined);
    assert.match(validateLinkChild('/apps', 'a/b')!, /"\/" is not allowed/);
    assert.equal(validateLinkChild('/apps/a/b/c/d', 'e'), undefined);
    assert.match(validateLinkChild('/apps/a/b/c/d/e', 'f')!, /6 levels/);
  });

  it('segments follow the node regex', () => {
    for (const ok of ['a', '_x', '9', 'Counter', 'a-b', 'a#b', 'a@b', 'a.b', 'v1.0.0'])
      assert.equal(validateLinkSegment(ok), undefined, ok);
    for (const bad of ['', '-a', '.a', '#a', 'a b', 'a/b', 'a*', 'ä'])
      assert.ok(validateLinkSegment(bad), bad);
  });
});
