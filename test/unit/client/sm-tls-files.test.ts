// An SM certificate folder (build_chain.sh -s: nodes/<ip>/sdk/) is detected by its file names
// and every missing file is named; the HTTP transport then speaks TLCP instead of refusing.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HttpTransport } from '../../../src/client/transport/http';
import { isSmCertDir, loadSmTlsConfig, missingSmFiles } from '../../../src/client/transport/smTls';
import { ensureSmTlsMaterial } from '../../../src/devnode/tls/smCerts';

describe('SM certificate folders', () => {
  let dir: string;
  let sdk: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sm-files-'));
    sdk = ensureSmTlsMaterial(dir).sdkDir;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('loads a complete folder: CA, signing pair and encryption pair', () => {
    assert.ok(isSmCertDir(sdk));
    assert.deepEqual(missingSmFiles(sdk), []);
    const config = loadSmTlsConfig(sdk, ['ECDHE-SM4-SM3']);
    assert.equal(config.trusted.length, 1);
    assert.equal(config.credentials?.signKey.length, 32);
    assert.deepEqual(config.suites, [0xe011]);
    const t = new HttpTransport({ url: 'https://127.0.0.1:1', tls: { certDir: sdk } });
    t.close();
  });

  it('names every missing file', () => {
    const partial = join(dir, 'partial');
    ensureSmTlsMaterial(partial);
    unlinkSync(join(partial, 'sdk', 'sm_ensdk.key'));
    unlinkSync(join(partial, 'sdk', 'sm_ensdk.crt'));
    assert.deepEqual(missingSmFiles(join(partial, 'sdk')), ['sm_ensdk.crt', 'sm_ensdk.key']);
    assert.throws(
      () => new HttpTransport({ url: 'https://127.0.0.1:1', tls: { certDir: join(partial, 'sdk') } }),
      /SM TLS: sm_ensdk\.crt, sm_ensdk\.key not found in/,
    );
  });

  it('says which file is unreadable', () => {
    const broken = join(dir, 'broken');
    ensureSmTlsMaterial(broken);
    writeFileSync(join(broken, 'sdk', 'sm_sdk.key'), 'not a key');
    assert.throws(() => loadSmTlsConfig(join(broken, 'sdk')), /sm_sdk\.key: .*PEM/);
    assert.throws(() => loadSmTlsConfig(sdk, ['AES' as never]), /unknown cipher suite "AES"/);
  });
});
