// SM (guomi) TLS for the SDK: the certificate folder build_chain.sh -s writes to nodes/<ip>/sdk/
// (sm_ca.crt, sm_sdk.crt/.key signing pair, sm_ensdk.crt/.key encryption pair), and TLCP sockets
// (src/protocol/tlcp) over node:net for node:http and for WebSocket clients.

import * as http from 'node:http';
import * as net from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePrivateKeyPem } from '../../protocol/pem';
import type { TlcpConfig } from '../../protocol/tlcp/engine';
import { CipherSuite, messageOf, type CipherSuiteId } from '../../protocol/tlcp/messages';
import { TlcpSocket } from '../../protocol/tlcp/stream';
import { certificatesFromPem } from '../../protocol/tlcp/x509';
import { SM_TLS_FILES, isSmCertDir, missingSmFiles } from './smCertDir';

export { SM_TLS_FILES, isSmCertDir, missingSmFiles };

export type SmSuiteName = 'ECC-SM4-SM3' | 'ECDHE-SM4-SM3';
const SUITES: Record<SmSuiteName, CipherSuiteId> = {
  'ECC-SM4-SM3': CipherSuite.ECC_SM4_SM3,
  'ECDHE-SM4-SM3': CipherSuite.ECDHE_SM4_SM3,
};

/** Reads and checks an SM folder; errors name the missing or unreadable file. */
export function loadSmTlsConfig(dir: string, suites?: SmSuiteName[]): TlcpConfig {
  const missing = missingSmFiles(dir);
  if (missing.length) throw new Error(`SM TLS: ${missing.join(', ')} not found in ${dir}`);
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  const step = <T>(file: string, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      throw new Error(`SM TLS: ${join(dir, file)}: ${messageOf(e)}`, { cause: e });
    }
  };
  const trusted = step(SM_TLS_FILES.ca, () => certificatesFromPem(read(SM_TLS_FILES.ca)));
  const signCert = step(SM_TLS_FILES.signCert, () => certificatesFromPem(read(SM_TLS_FILES.signCert))[0].der);
  const encCert = step(SM_TLS_FILES.encCert, () => certificatesFromPem(read(SM_TLS_FILES.encCert))[0].der);
  const signKey = step(SM_TLS_FILES.signKey, () => parsePrivateKeyPem(read(SM_TLS_FILES.signKey)).privateKey);
  const encKey = step(SM_TLS_FILES.encKey, () => parsePrivateKeyPem(read(SM_TLS_FILES.encKey)).privateKey);
  for (const s of suites ?? [])
    if (!(s in SUITES))
      throw new TypeError(`SM TLS: unknown cipher suite "${s}" (ECC-SM4-SM3 or ECDHE-SM4-SM3)`);
  return {
    trusted,
    credentials: { signCert, signKey, encCert, encKey },
    suites: suites?.map((s) => SUITES[s]),
  };
}

/** Opens a TCP connection and runs the TLCP client handshake over it. */
export function connectTlcp(options: { host: string; port: number; config: TlcpConfig }): TlcpSocket {
  const socket = net.connect({ host: options.host, port: options.port });
  socket.setNoDelay(true);
  return new TlcpSocket(socket, 'client', options.config);
}

/** An http.Agent whose sockets speak TLCP, for JSON-RPC over an SM chain's RPC port. */
export class TlcpAgent extends http.Agent {
  constructor(
    private readonly tlcp: TlcpConfig,
    options: http.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: net.NetConnectOpts): TlcpSocket {
    // node:http passes the request's host and port (the URL is http(s)://host:port, never a path).
    if (!('port' in options)) throw new TypeError('TLCP connections need a host and port');
    return connectTlcp({ host: options.host ?? 'localhost', port: Number(options.port), config: this.tlcp });
  }
}
