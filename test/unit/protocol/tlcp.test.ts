// Known answers for TLCP (SM TLS): PRF, master secret, key block, Finished, record protection,
// SM2 key agreement, SM2 decryption and signatures, SM2 certificates. Every expected value was
// computed outside this implementation, with FISCO-BCOS/TASSL-1.1.1b (commit 5144cc4) built by
// hand: its libcrypto's EVP_PKEY_TLS1_PRF with EVP_sm3 (the PRF TASSL's TLS1_PRF_SM3 suites use),
// HMAC(EVP_sm3) and EVP_sm4_cbc for a record laid out per GM/T 0024 §6.3.3, SM2Kap_compute_key
// called as ssl/s3_lib.c ssl_derive_SM2 calls it, sm2_encrypt, EVP_DigestSign on an SM2 key, and
// `openssl req/x509 -sm3` for the certificates (build_chain.sh's gen_sm_chain_cert commands).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { finishedVerifyData, keyBlock, masterSecret, prf } from '../../../src/protocol/tlcp/prf';
import { BadRecordMac, RecordProtection } from '../../../src/protocol/tlcp/record';
import {
  publicKeyOf,
  sm2Decrypt,
  sm2Encrypt,
  sm2KeyAgreement,
  signDer,
  verifyDer,
} from '../../../src/protocol/tlcp/sm2';
import { certificatesFromPem, KeyUsage, verifyCertificate } from '../../../src/protocol/tlcp/x509';

const hex = (s: string): Buffer => Buffer.from(s, 'hex');
const PRE_MASTER = hex(
  '010102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f',
);
const CLIENT_RANDOM = hex('a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf');
const SERVER_RANDOM = hex('404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f');
// TASSL: EVP_PKEY_TLS1_PRF(sm3, pre-master, "master secret" ‖ client_random ‖ server_random, 48)
const MASTER =
  '0f36bd57a48279c5af7cfd75ba221801a3476400b5ef3bef84e6ff9ee7a01b8a427e38ebb04899e446ef913c35b3d5ec';
// TASSL: EVP_PKEY_TLS1_PRF(sm3, master, "key expansion" ‖ server_random ‖ client_random, 128)
const KEY_BLOCK =
  'c3a528e6d89038d21077b2b3be0047f9328576521c02c3e91e42c985492db304ce416a03bb48101516174085adf885c145687ce0870a0bfbf82b881ae2381d70c34768de5f15324b59bb7e8343e8a3b010fbd8a53ecaa93e2fcf598ad32fe2741b5a1e66d7c817380646eb469a93a4c147782665605d4c6e2f28fa040f596c0e';

describe('TLCP PRF and key derivation (TASSL EVP_PKEY_TLS1_PRF with SM3)', () => {
  it('master secret', () => {
    assert.equal(Buffer.from(masterSecret(PRE_MASTER, CLIENT_RANDOM, SERVER_RANDOM)).toString('hex'), MASTER);
    assert.equal(
      Buffer.from(
        prf(PRE_MASTER, 'master secret', Buffer.concat([CLIENT_RANDOM, SERVER_RANDOM]), 48),
      ).toString('hex'),
      MASTER,
    );
  });

  it('key block: client/server MAC keys (32), SM4 keys (16), IVs (16)', () => {
    const kb = keyBlock(hex(MASTER), CLIENT_RANDOM, SERVER_RANDOM);
    const joined = Buffer.concat([
      kb.clientMacKey,
      kb.serverMacKey,
      kb.clientKey,
      kb.serverKey,
      kb.clientIv,
      kb.serverIv,
    ]);
    assert.equal(joined.toString('hex'), KEY_BLOCK);
  });

  it('Finished verify_data over an SM3 transcript hash', () => {
    const transcript = hex('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0'); // SM3("abc"), GB/T 32905 example 1
    assert.equal(
      Buffer.from(finishedVerifyData(hex(MASTER), true, transcript)).toString('hex'),
      'bc430ccdc67ed18f495fa9a8',
    );
    assert.equal(
      Buffer.from(finishedVerifyData(hex(MASTER), false, transcript)).toString('hex'),
      'e492d881ca0f6673a8eceb05',
    );
  });
});

describe('TLCP record protection (HMAC-SM3, SM4-CBC, explicit IV)', () => {
  // Client write MAC key and SM4 key from KEY_BLOCK; sequence number 1, application data.
  const kb = hex(KEY_BLOCK);
  const content = Buffer.from('GET / HTTP/1.1\r\n\r\n');
  const IV = 'c0c1c2c3c4c5c6c7c8c9cacbcccdcecf';
  // TASSL: HMAC(sm3, mac_key, 0000000000000001 17 0101 0012 ‖ content), then
  // EVP_sm4_cbc(key, IV) over content ‖ MAC ‖ padding (13 bytes of 0x0d).
  const CIPHERTEXT =
    '841d9eabfbfbb8a676469d3ea2e2899d4aa3490ddafea98e9c46fdc040d3218f6bac2d0a74d0361492b2aac469e1da586677fdc295aca0bdca4aa44f0ab487ba';
  const protection = () => new RecordProtection(kb.subarray(0, 32), kb.subarray(64, 80), () => hex(IV));

  it('seals a record to the known ciphertext', () => {
    const p = protection();
    p.seal(23, Buffer.from('first record, sequence number 0'));
    assert.equal(Buffer.from(p.seal(23, content)).toString('hex'), IV + CIPHERTEXT);
  });

  it('opens the known ciphertext, and refuses it at the wrong sequence number, type or with a flipped bit', () => {
    // A receiver whose sequence number is `seq` (advanced by opening empty records).
    const open = (seq: number, type: number, fragment: Buffer) => {
      const sender = protection();
      const receiver = new RecordProtection(kb.subarray(0, 32), kb.subarray(64, 80));
      for (let i = 0; i < seq; i++) receiver.open(23, sender.seal(23, Buffer.alloc(0)));
      return receiver.open(type, fragment);
    };
    const fragment = hex(IV + CIPHERTEXT);
    assert.equal(Buffer.from(open(1, 23, fragment)).toString(), content.toString());
    assert.throws(() => open(0, 23, fragment), BadRecordMac);
    assert.throws(() => open(1, 22, fragment), BadRecordMac);
    for (const at of [3, 20, fragment.length - 1]) {
      const bad = Buffer.from(fragment);
      bad[at] ^= 0x80;
      assert.throws(() => open(1, 23, bad), BadRecordMac, `bit flipped at ${at}`);
    }
    assert.throws(() => open(1, 23, fragment.subarray(0, 48)), BadRecordMac);
  });
});

describe('SM2 for TLCP', () => {
  // Encryption-certificate keys and ephemeral keys (fixed here); public keys and the agreed
  // pre-master from TASSL SM2Kap_compute_key with user ids "1234567812345678", TASSL's default
  // Z order (the TLS client passes server=1, the TLS server server=0: ssl_derive_SM2).
  const clientEnc = hex('3945208F7B2144B13F36E38AC6D39F95889393692860B51A42FB81EF4DF7C5B8');
  const clientEph = hex('83A2C9C8B96E5AF70BD480B472409A9A327257F1EBB73F5B073354B248668563');
  const serverEnc = hex('5E35D7D3F3C54DBAC72E61819E730B019A84208CA3A35E4C2E353DFCCB2A3B53');
  const serverEph = hex('6FCBA2EF9AE0AB902BC3BDE3FF915D44BA4CC78F88E2F8E7F8996D3B8CCEEDEE');
  const AGREED =
    '8b52299c6c15a3658fdf2c621e01a99994286f929e9c9bb61291017c937adf8b2324626d0d4f1c158cee293f0e91ccd2';

  it('public keys match TASSL', () => {
    assert.equal(
      Buffer.from(publicKeyOf(clientEnc)).toString('hex'),
      '09f9df311e5421a150dd7d161e4bc5c672179fad1833fc076bb08ff356f35020ccea490ce26775a52dc6ea718cc1aa600aed05fbf35e084a6632f6072da9ad13',
    );
    assert.equal(
      Buffer.from(publicKeyOf(clientEph)).toString('hex'),
      '698c93c85618d221a6de87ca8f091a89cfaecc9fff2dd978f92769a40af3b740b058698f05ed5aadec7d50616e7a05e9aa151c9b693fdcada01f16cfacc994b4',
    );
    assert.equal(
      Buffer.from(publicKeyOf(serverEnc)).toString('hex'),
      '9eafb2cef3c95526c686a6c961a247a1aee7fc2e802454227a012b083ac553f5e30eb411162cd81274bdaff97896f264171cad0743dfa5ad39dfe0d924b167f9',
    );
    assert.equal(
      Buffer.from(publicKeyOf(serverEph)).toString('hex'),
      '26f1f3ef122785d17d3870c2434650363fdf4b2f450e8ed1b60fdc1fc6f019abd9198bdbefa58476ec8225125b8ce3e10a100dc6976cc189d96da6889ebcd37a',
    );
  });

  it("key agreement: both sides derive TASSL's 48-byte pre-master secret", () => {
    const byClient = sm2KeyAgreement({
      selfPrivate: clientEnc,
      selfEphemeral: clientEph,
      peerPublic: publicKeyOf(serverEnc),
      peerEphemeral: publicKeyOf(serverEph),
      server: false,
      length: 48,
    });
    const byServer = sm2KeyAgreement({
      selfPrivate: serverEnc,
      selfEphemeral: serverEph,
      peerPublic: publicKeyOf(clientEnc),
      peerEphemeral: publicKeyOf(clientEph),
      server: true,
      length: 48,
    });
    assert.equal(Buffer.from(byClient).toString('hex'), AGREED);
    assert.equal(Buffer.from(byServer).toString('hex'), AGREED);
  });

  it('decrypts a pre-master secret TASSL encrypted (sm2_encrypt, DER C1‖C3‖C2)', () => {
    const ct = hex(
      '308199022100eba429d94797e014d2be8743f19fa4bd1e9dc86f0bb395f9c4aaabc197d4d2d00220410ea6d2a09d10561dfbcd999a23d4aac6551e3b7dfb3b2114f5d23d3fd7dc9404201f2bb3d51f5cf56b234531712bd50dab2aee1b5e85f0b0e47fbe5b92e258cf840430da683de3e56e72ab2ef105a54260a602f0d14464ab9ab9a36e1a7e6159ec6a94059188f26e8c63e2da6f867abfa0c20c',
    );
    assert.equal(Buffer.from(sm2Decrypt(serverEnc, ct)).toString('hex'), PRE_MASTER.toString('hex'));
    const bad = Buffer.from(ct);
    bad[bad.length - 1] ^= 1;
    assert.throws(() => sm2Decrypt(serverEnc, bad), /decryption failed/);
    // and our own encryption round-trips
    assert.deepEqual(
      Buffer.from(sm2Decrypt(serverEnc, sm2Encrypt(publicKeyOf(serverEnc), PRE_MASTER))),
      PRE_MASTER,
    );
  });

  it('verifies a TASSL signature (EVP_DigestSign, SM3 with Z of the default id) and rejects a changed message', () => {
    const sig = hex(
      '3046022100904738337757f5c9c64a28b63acb21bca98ab326a230d3da8128f9b062019a87022100d595cfa153be54e842b874100057fa1f5374b5930299ec3cb55e92b093ff18d0',
    );
    const msg = Buffer.from('message digest');
    assert.ok(verifyDer(msg, sig, publicKeyOf(serverEnc)));
    assert.ok(!verifyDer(Buffer.from('message digesT'), sig, publicKeyOf(serverEnc)));
    assert.ok(verifyDer(msg, signDer(msg, serverEnc), publicKeyOf(serverEnc)));
  });
});

describe('SM2 certificates', () => {
  // TASSL: genpkey -paramfile sm2.param; req -x509 -sm3 -extensions v3_ca (CA);
  // x509 -sm3 -req -extensions v3enc_req (encryption certificate), as build_chain.sh -s does.
  const PEM = `-----BEGIN CERTIFICATE-----
MIIB5DCCAYugAwIBAgIUWMVLdi+ccL00+6g8QvxSO2l3uZAwCgYIKoEcz1UBg3Uw
QjEXMBUGA1UEAwwORklTQ08tQkNPUy1rYXQxFzAVBgNVBAoMDkZJU0NPLUJDT1Mt
a2F0MQ4wDAYDVQQLDAVjaGFpbjAgFw0yNjExMjMxMzEwMDdaGA8yMTI2MTAzMDEz
MTAwN1owQjEXMBUGA1UEAwwORklTQ08tQkNPUy1rYXQxFzAVBgNVBAoMDkZJU0NP
LUJDT1Mta2F0MQ4wDAYDVQQLDAVjaGFpbjBZMBMGByqGSM49AgEGCCqBHM9VAYIt
A0IABLoRjB7hCsYXrzbPc5oequ2w7M3ITYUiARvXGaBJgLRgDDRIK2ZMU1OeDsaC
FXxoMApDm6c0u2J20JBl765X3kCjXTBbMB0GA1UdDgQWBBRVPQ+b5pROz+NdKBjz
UCjIZSR/vDAfBgNVHSMEGDAWgBRVPQ+b5pROz+NdKBjzUCjIZSR/vDAMBgNVHRME
BTADAQH/MAsGA1UdDwQEAwIBBjAKBggqgRzPVQGDdQNHADBEAiBdaqOn/IvJFknG
MUjrK+4ZjLCVkC9oiMlv3/60osbf9wIgVHl1YOvy/exUBfmUp3bfpCbWwufcHgZ3
wjKqcT/rcsw=
-----END CERTIFICATE-----
-----BEGIN CERTIFICATE-----
MIIBnjCCAUSgAwIBAgIUBr5CPMsyRCyjErYws8KVh+LGiPswCgYIKoEcz1UBg3Uw
QjEXMBUGA1UEAwwORklTQ08tQkNPUy1rYXQxFzAVBgNVBAoMDkZJU0NPLUJDT1Mt
a2F0MQ4wDAYDVQQLDAVjaGFpbjAgFw0yNjExMjMxMzEwMDdaGA8yMTI2MTAzMDEz
MTAwN1owPjEXMBUGA1UEAwwORklTQ08tQkNPUy1rYXQxEzARBgNVBAoMCmZpc2Nv
LWJjb3MxDjAMBgNVBAsMBWVuc2RrMFkwEwYHKoZIzj0CAQYIKoEcz1UBgi0DQgAE
MpjGXKqRM7iviBbARYqcGNvD010EWgjaDliv4TuHX3ETQ8JM8SQmoEhsogWWcxp6
ndg9KI4rrE4lyf4J0MbMnKMaMBgwCQYDVR0TBAIwADALBgNVHQ8EBAMCAzgwCgYI
KoEcz1UBg3UDSAAwRQIgU4yCdVExTAs/JaFhJS+8rqUAOYOE60tdy1oRkoCN45gC
IQCPhv2t05yOCW9uytOKZTl1xMyK+/umSWtHRz5qrX0qLA==
-----END CERTIFICATE-----
`;
  const [ca, enc] = certificatesFromPem(PEM);
  const at = new Date('2030-01-01T00:00:00Z');

  it('parses and verifies a TASSL-issued chain', () => {
    assert.ok(ca.isCa);
    assert.equal(ca.keyUsage, KeyUsage.keyCertSign | KeyUsage.cRLSign);
    assert.equal(enc.keyUsage, KeyUsage.keyAgreement | KeyUsage.keyEncipherment | KeyUsage.dataEncipherment);
    assert.equal(enc.subjectText, 'CN=FISCO-BCOS-kat, O=fisco-bcos, OU=ensdk');
    verifyCertificate(enc, [ca], at);
    verifyCertificate(ca, [ca], at);
  });

  it('refuses a changed certificate, a foreign CA and an expired one', () => {
    const tampered = Buffer.from(enc.der);
    tampered[tampered.indexOf(Buffer.from('ensdk'))] ^= 0x20;
    const [changed] = certificatesFromPem(
      `-----BEGIN CERTIFICATE-----\n${tampered.toString('base64')}\n-----END CERTIFICATE-----\n`,
    );
    assert.throws(() => verifyCertificate(changed, [ca], at), /does not verify/);
    assert.throws(() => verifyCertificate(enc, [enc], at), /issuer is not the trusted CA/);
    assert.throws(() => verifyCertificate(enc, [ca], new Date('2200-01-01T00:00:00Z')), /not valid now/);
  });
});
