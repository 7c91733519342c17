// Fetching a solc build from an npm registry: the release list's dist → tarball → SRI integrity
// check → soljson.js into the cache, then used offline. The registry is a local HTTP server
// serving a real solc tarball (built here from the solc-0.4.25 alias's soljson.js) because tests
// run offline; the metadata and tarball shapes are the npm registry's (dist.tarball, dist.integrity).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { checkIntegrity, downloadSolc, tarEntry } from '../../../src/langserver/solcDownload';
import { SolcStore } from '../../../src/langserver/solcLoader';
import { ReleaseCatalog } from '../../../src/langserver/solcReleases';

const repo = join(__dirname, '..', '..', '..');
const soljson = readFileSync(join(repo, 'node_modules/solc-0.4.25/soljson.js'));

/** A ustar archive of the given files (what `npm pack` produces, minus metadata we do not read). */
function tar(files: Record<string, Buffer>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, body] of Object.entries(files)) {
    const h = Buffer.alloc(512);
    h.write(name, 0, 'utf8');
    h.write('0000644\0', 100);
    h.write('0000000\0', 108);
    h.write('0000000\0', 116);
    h.write(body.length.toString(8).padStart(11, '0') + '\0', 124);
    h.write('00000000000\0', 136);
    h.write('        ', 148);
    h.write('0', 156);
    h.write('ustar\0' + '00', 257);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
    parts.push(h, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

const tgz = zlib.gzipSync(
  tar({ 'package/package.json': Buffer.from('{"version":"0.4.25"}'), 'package/soljson.js': soljson }),
);
const integrity = `sha512-${crypto.createHash('sha512').update(tgz).digest('base64')}`;
let server: http.Server;
let registry: string;
let requests: string[] = [];
let badIntegrity = false;

before(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/solc') {
      // The abbreviated release list: the only document a download reads.
      res.setHeader('content-type', 'application/vnd.npm.install-v1+json');
      const dist = {
        tarball: `${registry}/solc/-/solc-0.4.25.tgz`,
        integrity: badIntegrity ? 'sha512-AAAA' : integrity,
      };
      res.end(
        JSON.stringify({ name: 'solc', versions: { '0.4.25': { name: 'solc', version: '0.4.25', dist } } }),
      );
    } else if (req.url === '/solc/-/solc-0.4.25.tgz') {
      res.setHeader('content-length', tgz.length);
      res.end(tgz);
    } else {
      res.statusCode = 404;
      res.end('{"error":"Not found"}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => server.close());

describe('solc download', () => {
  it('reads a file out of a tar archive', () => {
    assert.equal(tarEntry(zlib.gunzipSync(tgz), 'package/package.json')?.toString(), '{"version":"0.4.25"}');
    assert.equal(tarEntry(zlib.gunzipSync(tgz), 'package/nope.js'), undefined);
  });

  it('checks SRI integrity', () => {
    checkIntegrity(tgz, integrity, 'x');
    assert.throws(
      () => checkIntegrity(tgz, 'sha512-AAAA', 'the tarball'),
      /integrity check of the tarball failed/,
    );
    assert.throws(() => checkIntegrity(tgz, 'md5-xyz', 'x'), /not one this extension checks/);
  });

  it('downloads, verifies, caches, and loads offline afterwards', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'solc-cache-'));
    try {
      const progress: number[] = [];
      requests = [];
      const catalog = new ReleaseCatalog(undefined);
      const dist = await catalog.dist(registry, '0.4.25');
      const file = await downloadSolc('0.4.25', dist, cache, (p) => progress.push(p.received));
      // One request for the release list, one for the tarball: no per-version document.
      assert.deepEqual(requests, ['/solc', '/solc/-/solc-0.4.25.tgz']);
      assert.equal(progress.at(-1), tgz.length);
      assert.ok(readFileSync(file).equals(soljson));
      // A store that does not look at the solc-X aliases finds it in the cache.
      const store = new SolcStore(cache, repo, { aliases: false });
      assert.ok(store.available().includes('0.4.25'));
      requests = [];
      assert.match(store.load('0.4.25').version(), /^0\.4\.25/);
      assert.deepEqual(requests, []);
      // Another download once the list is known: the tarball only.
      rmSync(file);
      await downloadSolc('0.4.25', await catalog.dist(registry, '0.4.25'), cache);
      assert.deepEqual(requests, ['/solc/-/solc-0.4.25.tgz']);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('fails clearly and caches nothing on a bad hash, an unknown version or no network', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'solc-cache-'));
    try {
      badIntegrity = true;
      const bad = await new ReleaseCatalog(undefined).dist(registry, '0.4.25');
      badIntegrity = false;
      await assert.rejects(
        downloadSolc('0.4.25', bad, cache),
        /integrity check of the solc 0\.4\.25 tarball .* failed/,
      );
      const catalog = new ReleaseCatalog(undefined);
      const { tarball } = await catalog.dist(registry, '0.4.25');
      await assert.rejects(
        downloadSolc('0.4.25', { tarball }, cache),
        /names no integrity hash for solc 0\.4\.25/,
      );
      await assert.rejects(
        downloadSolc('0.4.25', { tarball: `${registry}/solc/-/solc-0.4.26.tgz`, integrity }, cache),
        /Could not download the solc 0\.4\.25 tarball from .*solc-0\.4\.26\.tgz: HTTP 404/,
      );
      await assert.rejects(
        catalog.dist(registry, '0.4.99'),
        /solc 0\.4\.99 is not among the releases listed at http:\/\/127\.0\.0\.1:\d+\/solc\./,
      );
      await assert.rejects(
        new ReleaseCatalog(undefined).dist('http://127.0.0.1:9', '0.4.25'),
        /the solc release list could not be read from http:\/\/127\.0\.0\.1:9\/solc: /,
      );
      assert.deepEqual(existsSync(cache) ? readdirSync(cache) : [], []);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
