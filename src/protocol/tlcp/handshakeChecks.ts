// The TLCP handshake messages each side reads and the server's first flight, as pure functions
// for engine.ts: what is checked and what is signed (GM/T 0024; TASSL
// ssl/statem/statem_{clnt,srvr}.c). The engine keeps the state and the order of the messages.

import { randomBytes } from 'node:crypto';
import {
  AlertDescription as A,
  certificateBody,
  CipherSuite,
  HandshakeType as H,
  parseClientHello,
  parseServerHello,
  Reader,
  serverHelloBody,
  SUITE_NAMES,
  TlcpError,
  vec16,
  vec8,
  type CipherSuiteId,
} from './messages';
import { ecdheParams, keyExchangeSigned, readEcdheParams } from './keyExchange';
import type { SmCertificate } from './x509';
import { randomPrivateKey, signDer, verifyDer } from './sm2';

/** Client: the ServerHello must choose TLCP 1.1, an offered suite and no compression. */
export function checkServerHello(
  body: Uint8Array,
  offered: CipherSuiteId[],
): { random: Uint8Array; suite: number } {
  const sh = parseServerHello(body);
  if (sh.version !== 0x0101)
    throw new TlcpError(
      `server chose version 0x${sh.version.toString(16)}, not TLCP 0x0101`,
      A.protocolVersion,
    );
  if (!offered.some((s) => s === sh.suite))
    throw new TlcpError(
      `server chose suite 0x${sh.suite.toString(16)} that was not offered`,
      A.illegalParameter,
    );
  if (sh.compression !== 0) throw new TlcpError('server chose compression', A.illegalParameter);
  return { random: sh.random, suite: sh.suite };
}

/**
 * Client: the ServerKeyExchange's signature by the server's signing certificate over both
 * randoms and the signed params; returns the server's ephemeral key under ECDHE.
 */
export function readServerKeyExchange(
  body: Uint8Array,
  suite: number,
  randoms: { client: Uint8Array; server: Uint8Array },
  peer: { sign: SmCertificate; enc: SmCertificate },
): Uint8Array | undefined {
  const r = new Reader(body, 'ServerKeyExchange');
  let params: Uint8Array = new Uint8Array(0);
  let ephemeral: Uint8Array | undefined;
  if (suite === CipherSuite.ECDHE_SM4_SM3) {
    ephemeral = readEcdheParams(r, 'ServerKeyExchange');
    params = body.subarray(0, 4 + 65);
  }
  const sig = r.vec16();
  r.end();
  const signed = keyExchangeSigned(suite, params, peer.enc.der);
  const tbs = Buffer.concat([randoms.client, randoms.server, signed]);
  if (!verifyDer(tbs, sig, peer.sign.publicKey))
    throw new TlcpError('ServerKeyExchange signature does not verify', A.decryptError);
  return ephemeral;
}

/** Client: a CertificateRequest is read for its form only (certificate types, CA names). */
export function readCertificateRequest(body: Uint8Array): void {
  const r = new Reader(body, 'CertificateRequest');
  r.vec8();
  r.vec16();
  r.end();
}

/** Server: the ClientHello must offer TLCP 1.1, null compression and a suite we accept. */
export function checkClientHello(
  body: Uint8Array,
  accepted: CipherSuiteId[],
): { random: Uint8Array; suite: CipherSuiteId } {
  const hello = parseClientHello(body);
  if (hello.version !== 0x0101)
    throw new TlcpError(
      `client offered version 0x${hello.version.toString(16)}; only TLCP 0x0101 is served`,
      A.protocolVersion,
    );
  if (!hello.compressions.includes(0))
    throw new TlcpError('client offers no null compression', A.illegalParameter);
  const suite = accepted.find((s) => hello.suites.includes(s));
  if (suite === undefined)
    throw new TlcpError(
      `no common cipher suite (server accepts ${accepted.map((s) => SUITE_NAMES[s]).join(', ')})`,
      A.handshakeFailure,
    );
  return { random: hello.random, suite };
}

/**
 * Server: the flight after the ClientHello (ServerHello, Certificate, ServerKeyExchange signed
 * over both randoms, CertificateRequest naming the trusted CAs, ServerHelloDone) as [type, body]
 * pairs, and the ephemeral key under ECDHE.
 */
export function serverFlight(
  suite: CipherSuiteId,
  randoms: { client: Uint8Array; server: Uint8Array },
  creds: { signCert: Uint8Array; signKey: Uint8Array; encCert: Uint8Array },
  trusted: SmCertificate[],
): { messages: [number, Uint8Array][]; ephemeral: Uint8Array | undefined } {
  const messages: [number, Uint8Array][] = [
    [H.serverHello, serverHelloBody(randoms.server, randomBytes(32), suite)],
    [H.certificate, certificateBody([creds.signCert, creds.encCert])],
  ];
  let params: Uint8Array = new Uint8Array(0);
  let ephemeral: Uint8Array | undefined;
  if (suite === CipherSuite.ECDHE_SM4_SM3) {
    ephemeral = randomPrivateKey();
    params = ecdheParams(ephemeral);
  }
  const signed = keyExchangeSigned(suite, params, creds.encCert);
  const sig = signDer(Buffer.concat([randoms.client, randoms.server, signed]), creds.signKey);
  messages.push([H.serverKeyExchange, Buffer.concat([params, vec16(sig)])]);
  const names = Buffer.concat(trusted.map((c) => vec16(c.subject)));
  messages.push([H.certificateRequest, Buffer.concat([vec8(Uint8Array.of(64)), vec16(names)])]);
  messages.push([H.serverHelloDone, new Uint8Array(0)]);
  return { messages, ephemeral };
}

/** Server: the client's CertificateVerify signs the transcript hash with its signing key. */
export function verifyCertificateVerify(
  body: Uint8Array,
  transcriptHash: Uint8Array,
  peerSign: SmCertificate,
): void {
  const r = new Reader(body, 'CertificateVerify');
  const sig = r.vec16();
  r.end();
  if (!verifyDer(transcriptHash, sig, peerSign.publicKey))
    throw new TlcpError('CertificateVerify signature does not verify', A.decryptError);
}
