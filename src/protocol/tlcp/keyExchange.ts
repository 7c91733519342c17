// The suite-specific parts of the TLCP handshake, as pure functions: which peer certificate signs
// and which encrypts, the ECDHE parameters, what ServerKeyExchange signs, and both sides of
// ClientKeyExchange (SM2-encrypted pre-master for ECC-SM4-SM3, SM2 key agreement for ECDHE-SM4-SM3).

import { randomBytes } from 'node:crypto';
import type { TlcpCredentials } from './engine';
import {
  AlertDescription as A,
  CipherSuite,
  messageOf,
  Reader,
  SM2_CURVE_ID,
  TlcpError,
  u16,
  vec16,
  vec24,
  vec8,
} from './messages';
import { publicKeyOf, randomPrivateKey, sm2Decrypt, sm2Encrypt, sm2KeyAgreement } from './sm2';
import { KeyUsage, parseCertificate, verifyCertificate, type SmCertificate } from './x509';

/**
 * The peer's signing certificate (first) and encryption certificate (the last one with
 * dataEncipherment: TASSL searches from the end, and OpenSSL may put the CA in between),
 * both verified against the trusted CAs.
 */
export function selectPeerCertificates(
  ders: Uint8Array[],
  trusted: SmCertificate[],
  now: Date,
): { sign: SmCertificate; enc: SmCertificate } {
  if (ders.length < 2)
    throw new TlcpError(
      `peer sent ${ders.length} certificate(s); TLCP needs a signing and an encryption certificate`,
      A.badCertificate,
    );
  const certs = ders.map((d) => parseCertificate(d));
  const sign = certs[0];
  const enc = certs
    .slice(1)
    .reverse()
    .find((c) => c.keyUsage !== undefined && (c.keyUsage & KeyUsage.dataEncipherment) !== 0);
  if (!enc)
    throw new TlcpError(
      'no encryption certificate (keyUsage dataEncipherment) in the peer chain',
      A.unsupportedCertificate,
    );
  for (const c of [sign, enc]) {
    try {
      verifyCertificate(c, trusted, now);
    } catch (e) {
      throw new TlcpError(messageOf(e), messageOf(e).includes('issuer') ? A.unknownCa : A.badCertificate);
    }
  }
  return { sign, enc };
}

/** ECParameters ‖ point: named curve (3), SM2's id, the uncompressed ephemeral key. */
export function ecdheParams(ephemeralPrivate: Uint8Array): Buffer {
  const point = Buffer.concat([Uint8Array.of(4), publicKeyOf(ephemeralPrivate)]);
  return Buffer.concat([Uint8Array.of(3), u16(SM2_CURVE_ID), vec8(point)]);
}

/** Reads ECParameters ‖ point; returns the 64-byte key. TASSL treats any curve id as SM2. */
export function readEcdheParams(r: Reader, what: string): Uint8Array {
  if (r.u8() !== 3) throw new TlcpError(`${what}: only named curves`, A.illegalParameter);
  r.u16(); // statem_clnt.c tls_process_ske_ecdhe forces 249; tls_process_cke_sm2dhe skips it
  const point = r.vec8();
  if (point.length !== 65 || point[0] !== 4)
    throw new TlcpError(`${what}: bad SM2 point`, A.illegalParameter);
  return point.slice(1);
}

/**
 * What ServerKeyExchange signs after the two randoms: the ECDHE parameters, or for ECC-SM4-SM3
 * the server's encryption certificate with its 24-bit length (statem_srvr.c, ssl_add_cert_to_buf).
 */
export function keyExchangeSigned(suite: number, params: Uint8Array, encCertDer: Uint8Array): Uint8Array {
  return suite === CipherSuite.ECDHE_SM4_SM3 ? params : vec24(encCertDer);
}

/** Client side: the ClientKeyExchange body and the pre-master secret. */
export function clientKeyExchange(
  suite: number,
  creds: TlcpCredentials | undefined,
  peerEnc: SmCertificate,
  serverEphemeral: Uint8Array | undefined,
): { body: Uint8Array; preMaster: Uint8Array } {
  if (suite === CipherSuite.ECDHE_SM4_SM3) {
    if (!creds || !serverEphemeral)
      throw new TlcpError('ECDHE-SM4-SM3 needs the client encryption key (sm_ensdk.key)', A.handshakeFailure);
    const eph = randomPrivateKey();
    const preMaster = sm2KeyAgreement({
      selfPrivate: creds.encKey,
      selfEphemeral: eph,
      peerPublic: peerEnc.publicKey,
      peerEphemeral: serverEphemeral,
      server: false,
      length: 48,
    });
    return { body: ecdheParams(eph), preMaster };
  }
  const preMaster = Buffer.concat([u16(0x0101), randomBytes(46)]);
  return { body: vec16(sm2Encrypt(peerEnc.publicKey, preMaster)), preMaster };
}

/** Server side: the pre-master secret from a ClientKeyExchange body. */
export function serverPreMaster(
  suite: number,
  body: Uint8Array,
  creds: TlcpCredentials,
  ephemeral: Uint8Array | undefined,
  peerEnc: SmCertificate,
): Uint8Array {
  const r = new Reader(body, 'ClientKeyExchange');
  if (suite === CipherSuite.ECDHE_SM4_SM3) {
    const point = readEcdheParams(r, 'ClientKeyExchange');
    r.end();
    try {
      return sm2KeyAgreement({
        selfPrivate: creds.encKey,
        selfEphemeral: ephemeral!,
        peerPublic: peerEnc.publicKey,
        peerEphemeral: point,
        server: true,
        length: 48,
      });
    } catch (e) {
      throw new TlcpError(`key agreement failed: ${messageOf(e)}`, A.illegalParameter);
    }
  }
  const ct = r.vec16();
  r.end();
  let preMaster: Uint8Array;
  try {
    preMaster = sm2Decrypt(creds.encKey, ct);
  } catch {
    throw new TlcpError('cannot decrypt the pre-master secret', A.decryptError);
  }
  if (preMaster.length !== 48) throw new TlcpError('pre-master secret is not 48 bytes', A.decodeError);
  return preMaster;
}
