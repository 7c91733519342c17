// Which TLS a certificate folder asks for, without loading the TLCP code: the SM TLS stack
// (src/protocol/tlcp, the SM2 curve set-up) loads through `smTls()` only when a connection uses it,
// so that importing the SDK (the extension host does at activation) stays cheap.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type * as SmTlsModule from './smTls';

/** File names in an SM SDK folder, as build_chain.sh -s writes them (and the console's config.toml expects). */
export const SM_TLS_FILES = {
  ca: 'sm_ca.crt',
  signCert: 'sm_sdk.crt',
  signKey: 'sm_sdk.key',
  encCert: 'sm_ensdk.crt',
  encKey: 'sm_ensdk.key',
} as const;

/** True when `dir` looks like an SM certificate folder (the console's useSMCrypto detection). */
export function isSmCertDir(dir: string): boolean {
  return existsSync(join(dir, SM_TLS_FILES.ca)) || existsSync(join(dir, SM_TLS_FILES.signCert));
}

/** Files of an SM folder that are absent (empty when complete). */
export function missingSmFiles(dir: string): string[] {
  return Object.values(SM_TLS_FILES).filter((f) => !existsSync(join(dir, f)));
}

/** The SM TLS module, loaded on first use. */
export function smTls(): typeof SmTlsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion -- a lazy require is untyped
  return require('./smTls') as typeof SmTlsModule;
}
