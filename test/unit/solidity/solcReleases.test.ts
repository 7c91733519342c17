// The registry's solc release list: read from the package metadata, kept in memory and in the
// cache folder for a day, not asked again for a while after a failure; each release's tarball and
// integrity hash come from it, with no request of their own. The registry is a local
// HTTP server answering with a recorded copy of registry.npmjs.org/solc (abbreviated metadata,
// fixtures/solc-registry-metadata.json) because unit tests run offline.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RELEASES_FILE,
  RELEASES_RETRY_MS,
  RELEASES_TTL_MS,
  ReleaseCatalog,
  releasesFromMetadata,
} from '../../../src/langserver/solcReleases';

const metadata = readFileSync(join(__dirname, 'fixtures', 'solc-registry-metadata.json'), 'utf8');
let server: http.Server;
let registry: string;
let requests: { url: string; accept: string }[] = [];
let status = 200;
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'solc-releases-'));
  server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', accept: String(req.headers.accept) });
    res.statusCode = req.url === '/solc' ? status : 404;
    res.setHeader('content-type', 'application/json');
    res.end(req.url === '/solc' && status === 200 ? metadata : '{"error":"nope"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('releasesFromMetadata', () => {
  it('lists the plain x.y.z releases, newest first, without rebuilds or suffixed builds', () => {
    const versions = releasesFromMetadata(metadata);
    assert.equal(versions[0], '0.8.37');
    assert.ok(versions.includes('0.4.25') && versions.includes('0.6.10') && versions.includes('0.8.11'));
    assert.ok(!versions.includes('0.8.7-fixed') && !versions.includes('0.1.3-1'));
    assert.ok(!versions.includes('0.4.12'), 'never published on npm');
  });

  it('refuses metadata without versions', () => {
    assert.throws(() => releasesFromMetadata('{"name":"solc"}'), /lists no versions/);
  });
});

describe('ReleaseCatalog', () => {
  it('fetches once, then answers from memory and from the cache file until the TTL ends', async () => {
    requests = [];
    let now = 1_000_000;
    const catalog = new ReleaseCatalog(dir, () => now);
    const first = await catalog.lookup(registry);
    assert.equal(first.versions?.[0], '0.8.37');
    assert.deepEqual(
      requests.map((r) => r.url),
      ['/solc'],
    );
    // The abbreviated document npm itself installs from.
    assert.match(requests[0].accept, /application\/vnd\.npm\.install-v1\+json/);
    assert.ok(existsSync(join(dir, RELEASES_FILE)));

    now += RELEASES_TTL_MS - 1;
    assert.deepEqual((await catalog.lookup(registry)).versions, first.versions);
    // A new server process (same global storage) reads the cache file instead of the registry.
    const restarted = new ReleaseCatalog(dir, () => now);
    assert.deepEqual((await restarted.lookup(registry)).versions, first.versions);
    assert.equal(requests.length, 1);

    now += 2;
    await restarted.lookup(registry);
    assert.equal(requests.length, 2, 'asked again once the list is a day old');
  });

  it("gives each release's tarball and integrity from the list; a version missing from an old list reads it again", async () => {
    requests = [];
    let now = 7_000_000;
    const catalog = new ReleaseCatalog(mkdtempSync(join(tmpdir(), 'solc-releases-')), () => now);
    const recorded = (JSON.parse(metadata) as { versions: Record<string, { dist: object }> }).versions;
    assert.deepEqual(await catalog.dist(registry, '0.8.11'), recorded['0.8.11'].dist);
    assert.deepEqual(await catalog.dist(registry, '0.4.25'), recorded['0.4.25'].dist);
    assert.equal(requests.length, 1);
    await assert.rejects(
      catalog.dist(registry, '0.8.99'),
      /^Error: solc 0\.8\.99 is not among the releases listed at http:\/\/127\.0\.0\.1:\d+\/solc\.$/,
    );
    assert.equal(requests.length, 1, 'a list read just now is not read again');
    now += RELEASES_RETRY_MS;
    await assert.rejects(catalog.dist(registry, '0.8.99'), /not among the releases/);
    assert.equal(requests.length, 2, 'an older list may predate the version');
  });

  it('says why when the registry cannot be read, and leaves it alone for a while', async () => {
    requests = [];
    status = 503;
    let now = 5_000_000;
    const catalog = new ReleaseCatalog(mkdtempSync(join(tmpdir(), 'solc-releases-')), () => now);
    try {
      const failed = await catalog.lookup(registry);
      assert.equal(failed.versions, undefined);
      assert.match(
        'error' in failed ? failed.error : '',
        /release list could not be read from .*\/solc: HTTP 503/,
      );
      await catalog.lookup(registry);
      assert.equal(requests.length, 1, 'not asked again at once');
      now += RELEASES_RETRY_MS + 1;
      status = 200;
      assert.equal((await catalog.lookup(registry)).versions?.[0], '0.8.37');
      assert.equal(requests.length, 2);
    } finally {
      status = 200;
    }
  });

  it('reports an unreachable registry (connection refused) without throwing', async () => {
    const catalog = new ReleaseCatalog(undefined);
    const r = await catalog.lookup('http://127.0.0.1:9');
    assert.equal(r.versions, undefined);
    assert.match('error' in r ? r.error : '', /could not be read from http:\/\/127\.0\.0\.1:9\/solc/);
  });

  it('does not take a list cached for another registry, nor a broken cache file', async () => {
    const own = mkdtempSync(join(tmpdir(), 'solc-releases-'));
    writeFileSync(
      join(own, RELEASES_FILE),
      JSON.stringify({ registry: 'http://elsewhere', fetchedAt: Date.now(), versions: ['9.9.9'] }),
    );
    requests = [];
    assert.equal((await new ReleaseCatalog(own).lookup(registry)).versions?.[0], '0.8.37');
    writeFileSync(join(own, RELEASES_FILE), '{broken');
    assert.equal((await new ReleaseCatalog(own).lookup(registry)).versions?.[0], '0.8.37');
    // Written before the list kept each release's dist: read again rather than download blind.
    const base = registry.replace(/\/$/, '');
    writeFileSync(
      join(own, RELEASES_FILE),
      JSON.stringify({ registry: base, fetchedAt: Date.now(), versions: ['0.8.37'] }),
    );
    assert.equal((await new ReleaseCatalog(own).lookup(registry)).versions?.[0], '0.8.37');
    assert.equal(requests.length, 3);
    assert.equal((await new ReleaseCatalog(own).lookup(registry)).versions?.[0], '0.8.37');
    assert.equal(requests.length, 3, 'the list written back has the dists');
  });
});
