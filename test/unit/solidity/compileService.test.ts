// The language server's compile pipeline choosing solc with the registry's release list: the
// newest release wins over an older installed one (it is downloaded), an installed version stands
// in when that download fails (said once), a pin wins; and a run is answered again while the
// sources and settings are unchanged. The registry is a local HTTP server answering with a
// recorded copy of registry.npmjs.org/solc (fixtures/solc-registry-metadata.json), its tarball
// URLs pointed at the server; tarballs answer 404, so downloads fail as they would offline.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompileService } from '../../../src/langserver/compileService';
import { SolcStore } from '../../../src/langserver/solcLoader';
import { projectContext } from '../../../src/langserver/importResolver';
import type { ServerSettings } from '../../../src/langserver/protocol';

const repo = join(__dirname, '..', '..', '..');
const metadata = readFileSync(join(__dirname, 'fixtures', 'solc-registry-metadata.json'), 'utf8');
let server: http.Server;
let dir: string;
let service: CompileService;
const requests: string[] = [];
const events: string[] = [];
const notices: string[] = [];
const settings: ServerSettings = {
  version: '',
  soljsonPath: '',
  evmVersion: '',
  optimizer: false,
  registry: '',
};

before(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.statusCode = req.url === '/solc' ? 200 : 404;
    res.end(
      req.url === '/solc' ? metadata.replaceAll('https://registry.npmjs.org', settings.registry) : '{}',
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  settings.registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'sol-service-'));
  writeFileSync(join(dir, 'package.json'), '{}');
  // searchFrom: the repository, whose node_modules hold solc 0.8.37 and the solc-X aliases
  // (0.4.25, 0.5.2, 0.6.10, 0.8.11).
  service = new CompileService(
    new SolcStore(join(dir, '.cache'), repo),
    () => settings,
    (f) => projectContext(f, [dir]),
    (f) => readFileSync(f, 'utf8'),
    {
      start: (v) => events.push(`start ${v}`),
      progress: () => undefined,
      done: (v) => events.push(`done ${v}`),
      failed: (v) => events.push(`failed ${v}`),
      notice: (m) => notices.push(m),
    },
  );
});

after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const source = (name: string, pragma: string) => {
  const file = join(dir, `${name}.sol`);
  writeFileSync(
    file,
    `pragma solidity ${pragma};\ncontract ${name} { function f() public pure returns (uint) { return 1; } }\n`,
  );
  return file;
};

describe('CompileService version choice with the registry release list', () => {
  it('goes for the newest release (0.4.26), and compiles with the installed 0.4.25 when it cannot be had', async () => {
    const file = source('Four', '^0.4.24');
    const run = await service.compile(file, false);
    assert.deepEqual(
      run.problems.filter((p) => p.severity === 'error'),
      [],
    );
    assert.equal(run.version, '0.4.25');
    assert.match(run.reason, /solc 0\.4\.26 could not be downloaded/);
    // The release list names the tarball: no request for the version's own document.
    assert.deepEqual(requests, ['/solc', '/solc/-/solc-0.4.26.tgz']);
    // A progress notification that ends, no error: the installed version stands in, said once.
    assert.deepEqual(events, ['start 0.4.26', 'done 0.4.26']);
    assert.equal(notices.length, 1);
    assert.match(
      notices[0],
      /solc 0\.4\.26 \(the newest release for the pragma\) could not be downloaded, so solc 0\.4\.25/,
    );

    await service.compile(file, false);
    assert.equal(notices.length, 1, 'said once');
    assert.equal(requests.filter((r) => r === '/solc/-/solc-0.4.26.tgz').length, 1, 'not retried at once');
    assert.equal(requests.filter((r) => r === '/solc').length, 1, 'the release list is cached');
  });

  it('takes the newest release when it is installed (no download)', async () => {
    const run = await service.compile(source('Eight', '^0.8.0'), false);
    assert.equal(run.version, '0.8.37');
    assert.match(run.reason, /newest release for pragma solidity \^0\.8\.0/);
    assert.ok(!requests.some((r) => r.startsWith('/solc/0.8')));
  });

  it('lets a pin win over the newest release', async () => {
    settings.version = '0.6.10';
    try {
      const run = await service.compile(source('Six', '^0.6.0'), false);
      assert.equal(run.version, '0.6.10');
      assert.equal(run.reason, 'pinned by fiscoBcos.solc.version');
    } finally {
      settings.version = '';
    }
  });
});

describe('CompileService reuse', () => {
  it('answers the same sources and settings from its last run, and runs solc when one changes', async () => {
    const file = source('Again', '^0.8.0');
    const first = await service.compile(file, true);
    const runs = service.compiles;
    const again = await service.compile(file, true);
    assert.equal(again.reused, true);
    assert.equal(service.compiles, runs);
    assert.deepEqual(again.contracts, first.contracts);
    // An analysis is answered by a run with bytecode too.
    assert.equal((await service.compile(file, false)).reused, true);
    settings.optimizer = true;
    try {
      assert.equal((await service.compile(file, true)).reused, false);
      assert.equal(service.compiles, runs + 1);
    } finally {
      settings.optimizer = false;
    }
    writeFileSync(file, `${readFileSync(file, 'utf8')}// changed\n`);
    assert.equal((await service.compile(file, true)).reused, false);
  });
});
