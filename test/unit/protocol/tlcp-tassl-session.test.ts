// A real TLCP session recorded on the wire: TASSL-1.1.1b's `openssl s_client` (CNTLS_client_method,
// -cipher ECC-SM4-SM3, -keylogfile) against bcos-devnode --sm --tls, through a TCP relay. TASSL's
// key log gives the pre-master and master secrets it used; everything client-to-server was written
// by TASSL. From those bytes alone this checks our master-secret derivation, key block, record
// decryption and MAC, Finished over the transcript, TASSL's CertificateVerify and SM2 ciphertext.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { finishedVerifyData, keyBlock, masterSecret, sm3Digest } from '../../../src/protocol/tlcp/prf';
import { RecordProtection, RecordReader, type RawRecord } from '../../../src/protocol/tlcp/record';
import { parseCertificateList, Reader } from '../../../src/protocol/tlcp/messages';
import { sm2Decrypt, verifyDer } from '../../../src/protocol/tlcp/sm2';
import { parseCertificate } from '../../../src/protocol/tlcp/x509';

interface Session {
  keylog: { preMaster: string; clientRandom: string; master: string };
  serverEncKey: string;
  clientToServer: string;
  serverToClient: string;
}
const session = JSON.parse(readFileSync(join(__dirname, 'tlcp-tassl-session.json'), 'utf8')) as Session;
const hex = (s: string): Buffer => Buffer.from(s, 'hex');

function records(stream: string): RawRecord[] {
  const reader = new RecordReader();
  reader.push(hex(stream));
  const out: RawRecord[] = [];
  for (let r = reader.next(); r; r = reader.next()) out.push(r);
  return out;
}

/** Handshake messages (with their 4-byte headers) of the cleartext records before ChangeCipherSpec. */
function clearHandshake(recs: RawRecord[]): Buffer[] {
  const msgs: Buffer[] = [];
  let buf = Buffer.alloc(0);
  for (const r of recs) {
    if (r.type === 20) break;
    assert.equal(r.type, 22);
    buf = Buffer.concat([buf, r.fragment]);
    while (buf.length >= 4 && buf.length >= 4 + buf.readUIntBE(1, 3)) {
      const len = buf.readUIntBE(1, 3);
      msgs.push(buf.subarray(0, 4 + len));
      buf = buf.subarray(4 + len);
    }
  }
  return msgs;
}

describe('a TLCP session written by TASSL s_client', () => {
  const c2s = records(session.clientToServer);
  const s2c = records(session.serverToClient);
  const clientMsgs = clearHandshake(c2s);
  const serverMsgs = clearHandshake(s2c);
  const [clientHello, clientCert, cke, certVerify] = clientMsgs;
  const serverHello = serverMsgs[0];
  const clientRandom = clientHello.subarray(6, 38);
  const serverRandom = serverHello.subarray(6, 38);

  it('is TLCP 0x0101 with ECC-SM4-SM3 and the client sent its signing and encryption certificates', () => {
    assert.deepEqual([...clientHello.subarray(4, 6)], [1, 1]);
    assert.equal(serverHello.readUInt16BE(4 + 2 + 32 + 1 + serverHello[38]), 0xe013);
    assert.deepEqual(
      clientMsgs.map((m) => m[0]),
      [1, 11, 16, 15],
    );
    assert.deepEqual(
      serverMsgs.map((m) => m[0]),
      [2, 11, 12, 13, 14],
    );
    assert.equal(clientRandom.toString('hex'), session.keylog.clientRandom);
    const certs = parseCertificateList(clientCert.subarray(4)).map((d) => parseCertificate(d));
    // Signing certificate, the CA (OpenSSL's auto-chain from -CAfile), encryption certificate last
    // (TASSL ssl_add_sm2_cert_chain), which is why the engine takes the last encryption certificate.
    assert.deepEqual(
      certs.map((c) => c.subjectText.split(', ').pop()),
      ['OU=sdk', 'OU=chain', 'OU=ensdk'],
    );
  });

  it('the SM2 ciphertext in ClientKeyExchange decrypts to the logged pre-master secret', () => {
    const ct = new Reader(cke.subarray(4), 'ClientKeyExchange').vec16();
    assert.equal(
      Buffer.from(sm2Decrypt(hex(session.serverEncKey), ct)).toString('hex'),
      session.keylog.preMaster,
    );
  });

  it("master secret from the pre-master secret and the randoms equals TASSL's", () => {
    const master = masterSecret(hex(session.keylog.preMaster), clientRandom, serverRandom);
    assert.equal(Buffer.from(master).toString('hex'), session.keylog.master);
  });

  it("CertificateVerify: TASSL's SM2 signature over SM3 of the transcript verifies", () => {
    // Transcript order: ClientHello, the server's flight, client Certificate, ClientKeyExchange.
    const ordered = Buffer.concat([clientHello, ...serverMsgs, clientCert, cke]);
    const signCert = parseCertificate(parseCertificateList(clientCert.subarray(4))[0]);
    const sig = new Reader(certVerify.subarray(4), 'CertificateVerify').vec16();
    assert.ok(verifyDer(sm3Digest(ordered), sig, signCert.publicKey));
  });

  it("decrypts TASSL's Finished and application data records with our key block; Finished verifies", () => {
    const master = hex(session.keylog.master);
    const kb = keyBlock(master, clientRandom, serverRandom);
    const reader = new RecordProtection(kb.clientMacKey, kb.clientKey);
    const ccs = c2s.findIndex((r) => r.type === 20);
    const [finishedRec, ...rest] = c2s.slice(ccs + 1);
    const finished = reader.open(22, finishedRec.fragment);
    assert.equal(finished[0], 20);
    const transcript = Buffer.concat([clientHello, ...serverMsgs, clientCert, cke, certVerify]);
    assert.deepEqual(
      Buffer.from(finished.subarray(4)),
      Buffer.from(finishedVerifyData(master, true, sm3Digest(transcript))),
    );
    const app = rest.filter((r) => r.type === 23).map((r) => Buffer.from(reader.open(23, r.fragment)));
    assert.match(Buffer.concat(app).toString(), /^POST \/ HTTP\/1\.1\r\n[\s\S]*"method":"getBlockNumber"/);
  });
});
