// Loads the SDK certificates for mutual TLS: ca.crt, sdk.crt, sdk.key as build_chain.sh writes
// them to nodes/<ip>/sdk/ (PEM). SM folders (sm_ca.crt, sm_sdk.crt…) go to smTls.ts instead.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TlsFiles {
  ca: Buffer | string;
  cert: Buffer | string;
  key: Buffer | string;
}

export function loadTlsFiles(options: {
  certDir?: string;
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
}): TlsFiles {
  if (options.ca !== undefined || options.cert !== undefined || options.key !== undefined) {
    const missing = (['ca', 'cert', 'key'] as const).filter(
      (k) => options[k] === undefined || options[k] === '',
    );
    if (missing.length)
      throw new TypeError(`TLS: ${missing.join(', ')} missing (give ca, cert and key together, or certDir)`);
    return { ca: options.ca!, cert: options.cert!, key: options.key! };
  }
  const dir = options.certDir;
  if (!dir)
    throw new TypeError('TLS: give certDir (folder with ca.crt, sdk.crt, sdk.key) or ca, cert and key');
  const names = { ca: 'ca.crt', cert: 'sdk.crt', key: 'sdk.key' };
  const missing = Object.values(names).filter((n) => !existsSync(join(dir, n)));
  if (missing.length) throw new Error(`TLS: ${missing.join(', ')} not found in ${dir}`);
  return {
    ca: readFileSync(join(dir, names.ca)),
    cert: readFileSync(join(dir, names.cert)),
    key: readFileSync(join(dir, names.key)),
  };
}
