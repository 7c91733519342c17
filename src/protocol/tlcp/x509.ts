// SM2 X.509 certificates as build_chain.sh -s issues them (SM3withSM2, OID 1.2.156.10197.1.501):
// parsing, and verification of a leaf against the chain CA (sm_ca.crt). Only what TLCP needs:
// the public key, key usage (to tell the signing from the encryption certificate), validity,
// basic constraints, and the issuer/subject names compared as encoded bytes.

import { children, decodeOid, decodeTime, expectTag, parseDer, type DerNode } from './der';
import { messageOf } from './messages';
import { verifyDer } from './sm2';

export const OID_SM2_SIGN_WITH_SM3 = '1.2.156.10197.1.501';
export const OID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';
export const OID_SM2_CURVE = '1.2.156.10197.1.301';

/** KeyUsage bits (RFC 5280 §4.2.1.3), bit 0 = digitalSignature. */
export const KeyUsage = {
  digitalSignature: 1 << 0,
  nonRepudiation: 1 << 1,
  keyEncipherment: 1 << 2,
  dataEncipherment: 1 << 3,
  keyAgreement: 1 << 4,
  keyCertSign: 1 << 5,
  cRLSign: 1 << 6,
} as const;

export interface SmCertificate {
  der: Uint8Array;
  tbs: Uint8Array;
  issuer: Uint8Array;
  subject: Uint8Array;
  /** Printable subject, for error messages. */
  subjectText: string;
  notBefore: Date;
  notAfter: Date;
  /** 64-byte X‖Y SM2 public key. */
  publicKey: Uint8Array;
  signatureAlgorithm: string;
  signature: Uint8Array;
  /** KeyUsage bits, or undefined when the extension is absent. */
  keyUsage?: number;
  isCa: boolean;
}

export class CertificateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CertificateError';
  }
}

const NAME_OIDS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
};

function nameText(name: DerNode): string {
  const parts: string[] = [];
  for (const rdn of children(name))
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      if (!type || !value) continue;
      const key = NAME_OIDS[decodeOid(type.value)] ?? decodeOid(type.value);
      parts.push(`${key}=${Buffer.from(value.value).toString('utf8')}`);
    }
  return parts.join(', ');
}

export function parseCertificate(der: Uint8Array): SmCertificate {
  try {
    const [tbsNode, algNode, sigNode] = children(expectTag(parseDer(der), 0x30, 'Certificate'));
    const tbs = expectTag(tbsNode, 0x30, 'TBSCertificate');
    const fields = children(tbs);
    let i = 0;
    if (fields[0]?.tag === 0xa0) i++; // version
    i++; // serialNumber
    const innerAlg = decodeOid(children(expectTag(fields[i++], 0x30, 'signature'))[0].value);
    const issuer = expectTag(fields[i++], 0x30, 'issuer');
    const [nb, na] = children(expectTag(fields[i++], 0x30, 'validity'));
    const subject = expectTag(fields[i++], 0x30, 'subject');
    const spki = children(expectTag(fields[i++], 0x30, 'subjectPublicKeyInfo'));
    const algIds = children(expectTag(spki[0], 0x30, 'algorithm')).map((n) => decodeOid(n.value));
    if (algIds[0] !== OID_EC_PUBLIC_KEY || algIds[1] !== OID_SM2_CURVE)
      throw new CertificateError(`not an SM2 public key (${algIds.join(', ')})`);
    const bits = expectTag(spki[1], 0x03, 'subjectPublicKey').value;
    if (bits.length !== 66 || bits[0] !== 0 || bits[1] !== 4)
      throw new CertificateError('SM2 public key must be an uncompressed point');
    let keyUsage: number | undefined;
    let isCa = false;
    const extWrapper = fields.slice(i).find((n) => n.tag === 0xa3);
    if (extWrapper)
      for (const ext of children(expectTag(children(extWrapper)[0], 0x30, 'extensions'))) {
        const parts = children(ext);
        const id = decodeOid(parts[0].value);
        const value = parseDer(parts[parts.length - 1].value);
        if (id === '2.5.29.15') {
          const v = expectTag(value, 0x03, 'keyUsage').value;
          let usage = 0;
          for (let bit = 0; bit < (v.length - 1) * 8 && bit < 9; bit++)
            if (v[1 + (bit >> 3)] & (0x80 >> (bit & 7))) usage |= 1 << bit;
          keyUsage = usage;
        } else if (id === '2.5.29.19') {
          const first = children(value)[0];
          isCa = first?.tag === 0x01 && first.value[0] !== 0;
        }
      }
    const signatureAlgorithm = decodeOid(children(expectTag(algNode, 0x30, 'signatureAlgorithm'))[0].value);
    if (signatureAlgorithm !== innerAlg) throw new CertificateError('signature algorithms disagree');
    const sigBits = expectTag(sigNode, 0x03, 'signatureValue').value;
    return {
      der,
      tbs: tbs.raw,
      issuer: issuer.raw,
      subject: subject.raw,
      subjectText: nameText(subject),
      notBefore: decodeTime(nb),
      notAfter: decodeTime(na),
      publicKey: bits.slice(2),
      signatureAlgorithm,
      signature: sigBits.slice(1),
      keyUsage,
      isCa,
    };
  } catch (e) {
    if (e instanceof CertificateError) throw e;
    throw new CertificateError(`malformed certificate: ${messageOf(e)}`);
  }
}

/** Certificates from PEM text (one or more BEGIN CERTIFICATE blocks). */
export function certificatesFromPem(text: string): SmCertificate[] {
  const blocks = [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)];
  if (blocks.length === 0) throw new CertificateError('no PEM certificate found');
  return blocks.map((m) => parseCertificate(Buffer.from(m[1].replace(/\s+/g, ''), 'base64')));
}

export function hasUsage(cert: SmCertificate, bit: number): boolean {
  return cert.keyUsage === undefined || (cert.keyUsage & bit) !== 0;
}

/** Throws CertificateError unless `cert` is signed by one of `trusted` and valid at `now`. */
export function verifyCertificate(cert: SmCertificate, trusted: SmCertificate[], now = new Date()): void {
  if (cert.signatureAlgorithm !== OID_SM2_SIGN_WITH_SM3)
    throw new CertificateError(
      `${cert.subjectText}: signature algorithm ${cert.signatureAlgorithm} is not SM3withSM2`,
    );
  if (now < cert.notBefore || now > cert.notAfter)
    throw new CertificateError(
      `${cert.subjectText}: not valid now (${cert.notBefore.toISOString()} – ${cert.notAfter.toISOString()})`,
    );
  const issuers = trusted.filter((ca) => Buffer.from(ca.subject).equals(cert.issuer));
  if (issuers.length === 0) throw new CertificateError(`${cert.subjectText}: issuer is not the trusted CA`);
  for (const ca of issuers) {
    if (!ca.isCa || !hasUsage(ca, KeyUsage.keyCertSign)) continue;
    if (verifyDer(cert.tbs, cert.signature, ca.publicKey)) return;
  }
  throw new CertificateError(`${cert.subjectText}: signature does not verify against the trusted CA`);
}
