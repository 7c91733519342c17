// Test certificates made with /usr/bin/openssl the way build_chain.sh lays them out: an RSA
// chain CA (ca.crt), a node certificate and an SDK certificate (sdk.crt, sdk.key) signed by it,
// plus a second, unrelated CA and an SDK certificate signed by that one.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCerts {
  /** Folder with ca.crt, sdk.crt, sdk.key (what a client is given). */
  sdkDir: string;
  /** Folder with ca.crt, sdk.crt, sdk.key where the sdk cert comes from another CA. */
  rogueSdkDir: string;
  node: { key: Buffer; cert: Buffer; ca: Buffer };
  cleanup(): void;
}

function openssl(cwd: string, ...args: string[]): void {
  execFileSync('/usr/bin/openssl', args, { cwd, stdio: 'pipe' });
}

function makeCa(dir: string, name: string): void {
  openssl(dir, 'genrsa', '-out', `${name}.key`, '2048');
  openssl(
    dir,
    'req',
    '-new',
    '-x509',
    '-days',
    '2',
    '-key',
    `${name}.key`,
    '-subj',
    `/CN=${name}/O=fisco-bcos`,
    '-out',
    `${name}.crt`,
  );
}

function makeLeaf(dir: string, name: string, ca: string): void {
  openssl(dir, 'genrsa', '-out', `${name}.key`, '2048');
  openssl(
    dir,
    'req',
    '-new',
    '-key',
    `${name}.key`,
    '-subj',
    `/CN=${name}/O=fisco-bcos`,
    '-out',
    `${name}.csr`,
  );
  openssl(
    dir,
    'x509',
    '-req',
    '-days',
    '2',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
  );
}

export function makeTestCerts(): TestCerts {
  const root = mkdtempSync(join(tmpdir(), 'bcos-client-certs-'));
  makeCa(root, 'ca');
  makeCa(root, 'otherca');
  makeLeaf(root, 'node', 'ca');
  makeLeaf(root, 'sdk', 'ca');
  makeLeaf(root, 'roguesdk', 'otherca');
  const sdkDir = join(root, 'sdk');
  const rogueSdkDir = join(root, 'rogue');
  execFileSync('mkdir', ['-p', sdkDir, rogueSdkDir]);
  execFileSync('cp', [join(root, 'ca.crt'), join(root, 'sdk.crt'), join(root, 'sdk.key'), sdkDir]);
  execFileSync('cp', [join(root, 'ca.crt'), rogueSdkDir]);
  execFileSync('cp', [join(root, 'roguesdk.crt'), join(rogueSdkDir, 'sdk.crt')]);
  execFileSync('cp', [join(root, 'roguesdk.key'), join(rogueSdkDir, 'sdk.key')]);
  return {
    sdkDir,
    rogueSdkDir,
    node: {
      key: readFileSync(join(root, 'node.key')),
      cert: readFileSync(join(root, 'node.crt')),
      ca: readFileSync(join(root, 'ca.crt')),
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
