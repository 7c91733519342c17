// SM2 TLS material laid out as FISCO's build_chain.sh -s does (gen_sm_chain_cert, gen_sm_node_cert):
//   <dir>/ca/sm_ca.crt, sm_ca.key                    chain CA (v3_ca: CA:true, keyCertSign, cRLSign)
//   <dir>/conf/sm_ca.crt, sm_ssl.crt/.key, sm_enssl.crt/.key, sm_ssl.nodeid   the node's pairs
//   <dir>/sdk/sm_ca.crt, sm_sdk.crt/.key, sm_ensdk.crt/.key, sm_sdk.nodeid     what an SDK needs
// Signing certificates carry keyUsage nonRepudiation+digitalSignature (v3_req), encryption ones
// keyAgreement+keyEncipherment+dataEncipherment (v3enc_req). Certificates are SM3withSM2 over DER
// written here (no openssl binary needed); keys are PKCS#8 as `openssl genpkey` writes them.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePrivateKeyPem, privateKeyToPem } from '../../protocol/pem';
import {
  bitString,
  explicit,
  integer,
  octets,
  oid,
  seq,
  set,
  time,
  tlv,
  utf8String,
  boolTrue,
} from '../../protocol/tlcp/der';
import { publicKeyOf, randomPrivateKey, signDer } from '../../protocol/tlcp/sm2';
import {
  certificatesFromPem,
  OID_EC_PUBLIC_KEY,
  OID_SM2_CURVE,
  OID_SM2_SIGN_WITH_SM3,
  type SmCertificate,
} from '../../protocol/tlcp/x509';
import { sm3 } from '../../protocol/crypto/sm3';
import type { TlcpCredentials } from '../../protocol/tlcp/engine';

export interface SmTlsMaterial {
  /** Folder with sm_ca.crt and the sdk pairs for clients. */
  sdkDir: string;
  trusted: SmCertificate[];
  credentials: TlcpCredentials;
}

const DAYS = 36500;
const SIGN_USAGE = 0b11; // digitalSignature, nonRepudiation
const ENC_USAGE = 0b11100; // keyEncipherment, dataEncipherment, keyAgreement
const CA_USAGE = 0b1100000; // keyCertSign, cRLSign

function name(cn: string, o: string, ou: string): Uint8Array {
  const rdn = (type: string, value: string) => set(seq(oid(type), utf8String(value)));
  return seq(rdn('2.5.4.3', cn), rdn('2.5.4.10', o), rdn('2.5.4.11', ou));
}

/** KeyUsage BIT STRING with unused trailing bits declared, as DER requires. */
function keyUsage(bits: number): Uint8Array {
  let byte = 0;
  for (let i = 0; i < 8; i++) if (bits & (1 << i)) byte |= 0x80 >> i;
  let unused = 0;
  while (unused < 7 && !(byte & (1 << unused))) unused++;
  return tlv(0x03, Uint8Array.of(unused, byte));
}

function spki(publicKey: Uint8Array): Uint8Array {
  return seq(
    seq(oid(OID_EC_PUBLIC_KEY), oid(OID_SM2_CURVE)),
    bitString(Buffer.concat([Uint8Array.of(4), publicKey])),
  );
}

function pemCert(der: Uint8Array): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${b64}-----END CERTIFICATE-----\n`;
}

interface IssueOptions {
  subject: Uint8Array;
  issuer: Uint8Array;
  publicKey: Uint8Array;
  signingKey: Uint8Array;
  issuerPublicKey: Uint8Array;
  usage: number;
  ca: boolean;
}

export function buildSmCertificate(o: IssueOptions): Uint8Array {
  const notBefore = new Date(Date.now() - 60_000); // tolerate a client clock slightly behind
  const notAfter = new Date(notBefore.getTime() + DAYS * 86_400_000);
  const serial = randomBytes(8);
  serial[0] = (serial[0] & 0x7f) | 0x01;
  const ski = sm3(o.publicKey).subarray(0, 20);
  const aki = sm3(o.issuerPublicKey).subarray(0, 20);
  const ext = (id: string, value: Uint8Array, critical = false) =>
    seq(oid(id), ...(critical ? [boolTrue()] : []), octets(value));
  const extensions = [
    ext('2.5.29.19', o.ca ? seq(boolTrue()) : seq(), o.ca),
    ext('2.5.29.15', keyUsage(o.usage)),
    ext('2.5.29.14', octets(ski)),
    ext('2.5.29.35', seq(tlv(0x80, aki))),
  ];
  const sigAlg = seq(oid(OID_SM2_SIGN_WITH_SM3));
  const tbs = seq(
    explicit(0, integer(2n)),
    integer(serial),
    sigAlg,
    o.issuer,
    seq(time(notBefore), time(notAfter)),
    o.subject,
    spki(o.publicKey),
    explicit(3, seq(...extensions)),
  );
  return seq(tbs, sigAlg, bitString(signDer(tbs, o.signingKey)));
}

function readKey(file: string): Uint8Array {
  return parsePrivateKeyPem(readFileSync(file, 'utf8')).privateKey;
}

function writePair(dir: string, base: string, der: Uint8Array, key: Uint8Array): void {
  writeFileSync(join(dir, `${base}.key`), privateKeyToPem('sm2p256v1', key, publicKeyOf(key)), {
    mode: 0o600,
  });
  writeFileSync(join(dir, `${base}.crt`), pemCert(der));
}

function createCa(caDir: string): void {
  const key = randomPrivateKey();
  const pub = publicKeyOf(key);
  const tag = randomBytes(4).toString('hex');
  const subject = name(`FISCO-BCOS-${tag}`, `FISCO-BCOS-${tag}`, 'chain');
  const der = buildSmCertificate({
    subject,
    issuer: subject,
    publicKey: pub,
    signingKey: key,
    issuerPublicKey: pub,
    usage: CA_USAGE,
    ca: true,
  });
  writePair(caDir, 'sm_ca', der, key);
}

/** sm_<type> (signing) and sm_en<type> (encryption) pairs plus sm_<type>.nodeid in `dir`. */
function issuePairs(caDir: string, dir: string, type: string): void {
  const ca = certificatesFromPem(readFileSync(join(caDir, 'sm_ca.crt'), 'utf8'))[0];
  const caKey = readKey(join(caDir, 'sm_ca.key'));
  for (const [base, usage] of [
    [`sm_${type}`, SIGN_USAGE],
    [`sm_en${type}`, ENC_USAGE],
  ] as const) {
    const key = randomPrivateKey();
    const pub = publicKeyOf(key);
    const subject = name('FISCO-BCOS', 'fisco-bcos', base.slice(3));
    const der = buildSmCertificate({
      subject,
      issuer: ca.subject,
      publicKey: pub,
      signingKey: caKey,
      issuerPublicKey: ca.publicKey,
      usage,
      ca: false,
    });
    writePair(dir, base, der, key);
    if (usage === SIGN_USAGE)
      writeFileSync(join(dir, `sm_${type}.nodeid`), Buffer.from(pub).toString('hex') + '\n');
  }
}

function loadCredentials(dir: string, type: string): TlcpCredentials {
  const cert = (f: string) => certificatesFromPem(readFileSync(join(dir, f), 'utf8'))[0].der;
  return {
    signCert: cert(`sm_${type}.crt`),
    signKey: readKey(join(dir, `sm_${type}.key`)),
    encCert: cert(`sm_en${type}.crt`),
    encKey: readKey(join(dir, `sm_en${type}.key`)),
  };
}

const PAIR_FILES = (type: string) => [
  `sm_${type}.crt`,
  `sm_${type}.key`,
  `sm_en${type}.crt`,
  `sm_en${type}.key`,
];

/** Creates whatever is missing under `dir` and returns the server's material. */
export function ensureSmTlsMaterial(dir: string): SmTlsMaterial {
  const caDir = join(dir, 'ca');
  const confDir = join(dir, 'conf');
  const sdkDir = join(dir, 'sdk');
  for (const d of [caDir, confDir, sdkDir]) mkdirSync(d, { recursive: true });
  if (!existsSync(join(caDir, 'sm_ca.crt')) || !existsSync(join(caDir, 'sm_ca.key'))) {
    createCa(caDir);
    // A new CA invalidates certificates issued by an old one.
    for (const [d, t] of [
      [confDir, 'ssl'],
      [sdkDir, 'sdk'],
    ] as const)
      for (const f of PAIR_FILES(t)) rmSync(join(d, f), { force: true });
  }
  for (const [d, t] of [
    [confDir, 'ssl'],
    [sdkDir, 'sdk'],
  ] as const)
    if (PAIR_FILES(t).some((f) => !existsSync(join(d, f)))) issuePairs(caDir, d, t);
  const caPem = readFileSync(join(caDir, 'sm_ca.crt'));
  writeFileSync(join(confDir, 'sm_ca.crt'), caPem);
  writeFileSync(join(sdkDir, 'sm_ca.crt'), caPem);
  return {
    sdkDir,
    trusted: certificatesFromPem(caPem.toString('utf8')),
    credentials: loadCredentials(confDir, 'ssl'),
  };
}
