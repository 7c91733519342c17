// Mutual-TLS material laid out as FISCO's build_chain.sh does for non-SM chains (RSA 2048):
//   <dir>/ca/ca.crt, ca.key          chain CA
//   <dir>/conf/ca.crt, ssl.crt, ssl.key   the node's server certificate
//   <dir>/sdk/ca.crt, sdk.crt, sdk.key    what an SDK needs to connect
// Existing files are reused so a persistent node keeps its certificates across restarts.

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TlsMaterial {
  /** Folder with ca.crt, sdk.crt, sdk.key for clients. */
  sdkDir: string;
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

const DAYS = '36500';
const RSA_BITS = '2048';

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    const stderr = (e as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`openssl ${args[0]} failed${stderr ? `: ${stderr.split('\n')[0]}` : ''}`);
  }
}

/** A key and a CA-signed certificate `<name>.crt` in `dir`. */
function issue(caDir: string, dir: string, name: string, ou: string): void {
  const key = join(dir, `${name}.key`);
  const csr = join(dir, `${name}.csr`);
  const ext = join(dir, `${name}.ext`);
  openssl(['genrsa', '-out', key, RSA_BITS], dir);
  openssl(['req', '-new', '-sha256', '-subj', `/CN=FISCO-BCOS/O=fisco-bcos/OU=${ou}`, '-key', key, '-out', csr], dir);
  // SANs let TLS clients that do verify host names connect to the usual local addresses.
  writeFileSync(
    ext,
    'basicConstraints=CA:FALSE\nkeyUsage=nonRepudiation,digitalSignature,keyEncipherment\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n',
  );
  openssl(
    ['x509', '-req', '-days', DAYS, '-sha256', '-CA', join(caDir, 'ca.crt'), '-CAkey', join(caDir, 'ca.key'),
      '-CAcreateserial', '-in', csr, '-out', join(dir, `${name}.crt`), '-extfile', ext],
    dir,
  );
  rmSync(csr, { force: true });
  rmSync(ext, { force: true });
}

/** Creates whatever is missing under `dir` and returns the server's material. */
export function ensureTlsMaterial(dir: string): TlsMaterial {
  const caDir = join(dir, 'ca');
  const confDir = join(dir, 'conf');
  const sdkDir = join(dir, 'sdk');
  for (const d of [caDir, confDir, sdkDir]) mkdirSync(d, { recursive: true });
  if (!existsSync(join(caDir, 'ca.crt')) || !existsSync(join(caDir, 'ca.key'))) {
    openssl(['genrsa', '-out', 'ca.key', RSA_BITS], caDir);
    openssl(['req', '-new', '-x509', '-days', DAYS, '-subj', '/CN=FISCO-BCOS/O=fisco-bcos/OU=chain', '-key', 'ca.key', '-out', 'ca.crt'], caDir);
    // A new CA invalidates certificates issued by an old one.
    for (const f of [join(confDir, 'ssl.crt'), join(sdkDir, 'sdk.crt')]) rmSync(f, { force: true });
  }
  if (!existsSync(join(confDir, 'ssl.crt')) || !existsSync(join(confDir, 'ssl.key'))) issue(caDir, confDir, 'ssl', 'agency');
  if (!existsSync(join(sdkDir, 'sdk.crt')) || !existsSync(join(sdkDir, 'sdk.key'))) issue(caDir, sdkDir, 'sdk', 'agency');
  copyFileSync(join(caDir, 'ca.crt'), join(confDir, 'ca.crt'));
  copyFileSync(join(caDir, 'ca.crt'), join(sdkDir, 'ca.crt'));
  return {
    sdkDir,
    ca: readFileSync(join(confDir, 'ca.crt')),
    cert: readFileSync(join(confDir, 'ssl.crt')),
    key: readFileSync(join(confDir, 'ssl.key')),
  };
}
