// The TLCP handshake and record state machine, shared by the SDK (client) and the devnode
// (server). Pure: bytes in through receive(), bytes out through callbacks.write(); no sockets.
// Full handshakes only (no resumption, no renegotiation); facts from GM/T 0024 and TASSL
// (FISCO-BCOS/TASSL-1.1.1b ssl/statem/statem_{clnt,srvr}.c, ssl/s3_lib.c).

import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AlertDescription as A,
  messageOf,
  ALERT_NAMES,
  certificateBody,
  CipherSuite,
  clientHelloBody,
  HandshakeType as H,
  handshakeMessage,
  helloRandom,
  MAX_HANDSHAKE_MESSAGE,
  parseCertificateList,
  SUITE_NAMES,
  TlcpError,
  vec16,
  type CipherSuiteId,
} from './messages';
import { clientKeyExchange, selectPeerCertificates, serverPreMaster } from './keyExchange';
import { finishedVerifyData, keyBlock, masterSecret, sm3Digest } from './prf';
import {
  BadRecordMac,
  ContentType as CT,
  encodeRecord,
  MAX_PLAINTEXT,
  RecordFormatError,
  RecordProtection,
  RecordReader,
} from './record';
import { CertificateError, type SmCertificate } from './x509';
import { signDer } from './sm2';
import {
  checkClientHello,
  checkServerHello,
  readCertificateRequest,
  readServerKeyExchange,
  serverFlight,
  verifyCertificateVerify,
} from './handshakeChecks';

export interface TlcpCredentials {
  /** DER of the signing certificate (sm_sdk.crt / sm_ssl.crt) and its 32-byte private key. */
  signCert: Uint8Array;
  signKey: Uint8Array;
  /** DER of the encryption certificate (sm_ensdk.crt / sm_enssl.crt) and its private key. */
  encCert: Uint8Array;
  encKey: Uint8Array;
}

export interface TlcpConfig {
  /** Trusted CA certificates (sm_ca.crt). */
  trusted: SmCertificate[];
  /** Our certificate pairs; required on the server, sent by a client when asked. */
  credentials?: TlcpCredentials;
  /** Suites offered (client) or accepted in order of preference (server). */
  suites?: CipherSuiteId[];
  now?: () => Date;
}

export interface TlcpCallbacks {
  write(bytes: Uint8Array): void;
  data(bytes: Uint8Array): void;
  handshakeDone(info: { suite: string; peerCertificates: SmCertificate[] }): void;
  /** close_notify received (no error), or a fatal alert sent or received. */
  closed(error?: TlcpError): void;
}

/** The node's order: bcos-boostssl ContextBuilder lists ECC-SM4-SM3 before ECDHE-SM4-SM3. */
export const DEFAULT_SUITES: CipherSuiteId[] = [CipherSuite.ECC_SM4_SM3, CipherSuite.ECDHE_SM4_SM3];
const CCS = -1; // "expecting ChangeCipherSpec"

export class TlcpEngine {
  private readonly reader = new RecordReader();
  private hsBuffer: Buffer = Buffer.alloc(0);
  private transcript: Buffer[] = [];
  private readProt?: RecordProtection;
  private writeProt?: RecordProtection;
  private pendingRead?: RecordProtection;
  private pendingWrite?: RecordProtection;
  private expecting: number;
  private state: 'handshake' | 'open' | 'closed' = 'handshake';
  private readonly suites: CipherSuiteId[];
  private clientRandom: Uint8Array = new Uint8Array(0);
  private serverRandom: Uint8Array = new Uint8Array(0);
  private suite = 0;
  private master: Uint8Array = new Uint8Array(0);
  private peerSign?: SmCertificate;
  private peerEnc?: SmCertificate;
  private peerCerts: SmCertificate[] = [];
  private ephemeral?: Uint8Array;
  private certRequested = false;
  private sentClientCert = false;

  constructor(
    readonly role: 'client' | 'server',
    private readonly config: TlcpConfig,
    private readonly cb: TlcpCallbacks,
  ) {
    this.suites = config.suites?.length ? config.suites : DEFAULT_SUITES;
    if (role === 'server' && !config.credentials) throw new TypeError('TLCP server needs credentials');
    if (!config.trusted.length) throw new TypeError('TLCP needs at least one trusted CA certificate');
    this.expecting = role === 'client' ? H.serverHello : H.clientHello;
  }

  private closed(): boolean {
    return this.state === 'closed';
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /** Client: sends the ClientHello. */
  start(): void {
    if (this.role !== 'client') return;
    this.clientRandom = helloRandom(randomBytes(32));
    this.sendHandshake(H.clientHello, clientHelloBody(this.clientRandom, this.suites));
  }

  receive(data: Uint8Array): void {
    if (this.state === 'closed') return;
    try {
      this.reader.push(data);
      for (let rec = this.reader.next(); rec; rec = this.closed() ? undefined : this.reader.next()) {
        let content = rec.fragment;
        if (this.readProt) content = this.readProt.open(rec.type, rec.fragment);
        else if (content.length > MAX_PLAINTEXT) throw new TlcpError('record too large', A.recordOverflow);
        if (content.length > MAX_PLAINTEXT) throw new TlcpError('record too large', A.recordOverflow);
        this.onRecord(rec.type, content);
      }
    } catch (e) {
      this.fail(e);
    }
  }

  /** Protects and writes application data (split into records of at most 2^14 bytes). */
  send(data: Uint8Array): void {
    if (this.state !== 'open' || !this.writeProt) throw new Error('TLCP connection is not open');
    for (let off = 0; off < data.length || off === 0; off += MAX_PLAINTEXT) {
      this.writeRecord(CT.applicationData, data.subarray(off, off + MAX_PLAINTEXT));
      if (data.length === 0) break;
    }
  }

  /** Sends close_notify; further input is ignored. */
  close(): void {
    if (this.state === 'closed') return;
    this.sendAlert(1, A.closeNotify);
    this.state = 'closed';
  }

  // ---- records ----

  private writeRecord(type: number, content: Uint8Array): void {
    this.cb.write(encodeRecord(type, this.writeProt ? this.writeProt.seal(type, content) : content));
  }

  private sendAlert(level: number, description: number): void {
    try {
      this.writeRecord(CT.alert, Uint8Array.of(level, description));
    } catch {
      // the socket may already be gone
    }
  }

  private fail(e: unknown): void {
    if (this.state === 'closed') return;
    let err: TlcpError;
    if (e instanceof TlcpError) err = e;
    else if (e instanceof BadRecordMac) err = new TlcpError('bad record MAC', A.badRecordMac);
    else if (e instanceof RecordFormatError) err = new TlcpError(e.message, e.alert);
    else if (e instanceof CertificateError) err = new TlcpError(e.message, A.badCertificate);
    else err = new TlcpError(`internal error: ${messageOf(e)}`, A.internalError);
    if (!err.remote) this.sendAlert(2, err.alert);
    this.state = 'closed';
    this.cb.closed(err);
  }

  private onRecord(type: number, content: Uint8Array): void {
    switch (type) {
      case CT.alert: {
        if (content.length !== 2) throw new TlcpError('malformed alert', A.decodeError);
        if (content[1] === A.closeNotify) {
          if (this.state === 'open') this.sendAlert(1, A.closeNotify);
          this.state = 'closed';
          this.cb.closed();
        } else if (content[0] === 2 || this.state !== 'open') {
          throw new TlcpError(
            `peer sent alert ${ALERT_NAMES[content[1]] ?? content[1]} (${content[1]})`,
            content[1],
            true,
          );
        }
        return;
      }
      case CT.changeCipherSpec:
        if (this.expecting !== CCS || content.length !== 1 || content[0] !== 1 || this.hsBuffer.length)
          throw new TlcpError('unexpected ChangeCipherSpec', A.unexpectedMessage);
        this.readProt = this.pendingRead;
        this.expecting = H.finished;
        return;
      case CT.applicationData:
        if (this.state !== 'open')
          throw new TlcpError('application data before the handshake finished', A.unexpectedMessage);
        if (content.length) this.cb.data(content);
        return;
      case CT.handshake:
        if (this.state === 'open') throw new TlcpError('renegotiation is not supported', A.noRenegotiation);
        this.hsBuffer = Buffer.concat([this.hsBuffer, content]);
        while (this.hsBuffer.length >= 4 && this.state === 'handshake') {
          const len = this.hsBuffer.readUIntBE(1, 3);
          if (len > MAX_HANDSHAKE_MESSAGE)
            throw new TlcpError('handshake message too large', A.illegalParameter);
          if (this.hsBuffer.length < 4 + len) break;
          const msg = this.hsBuffer.subarray(0, 4 + len);
          this.hsBuffer = this.hsBuffer.subarray(4 + len);
          this.onHandshake(msg[0], msg.subarray(4), msg);
        }
        return;
    }
  }

  private sendHandshake(type: number, body: Uint8Array): void {
    const msg = handshakeMessage(type, body);
    this.transcript.push(msg);
    this.writeRecord(CT.handshake, msg);
  }

  private transcriptHash(): Buffer {
    return sm3Digest(...this.transcript);
  }

  private onHandshake(type: number, body: Uint8Array, raw: Uint8Array): void {
    const optionalRequest =
      this.role === 'client' && this.expecting === H.serverHelloDone && type === H.certificateRequest;
    const skipClientCert =
      this.role === 'server' &&
      this.expecting === H.certificate &&
      type === H.clientKeyExchange &&
      !this.certRequested;
    if (type !== this.expecting && !optionalRequest && !skipClientCert)
      throw new TlcpError(
        `unexpected handshake message ${type} (expected ${this.expecting})`,
        A.unexpectedMessage,
      );
    // Finished and CertificateVerify are checked against the transcript before themselves.
    if (type === H.finished) return this.onFinished(body, raw);
    if (type === H.certificateVerify) {
      verifyCertificateVerify(body, this.transcriptHash(), this.peerSign!);
      this.transcript.push(Buffer.from(raw));
      this.expecting = CCS;
      return;
    }
    this.transcript.push(Buffer.from(raw));
    if (this.role === 'client') this.clientStep(type, body);
    else this.serverStep(type, body);
  }

  private onFinished(body: Uint8Array, raw: Uint8Array): void {
    const expected = finishedVerifyData(this.master, this.role === 'server', this.transcriptHash());
    if (body.length !== 12 || !timingSafeEqual(expected, body))
      throw new TlcpError('Finished does not verify', A.decryptError);
    this.transcript.push(Buffer.from(raw));
    if (this.role === 'server') this.sendFinished();
    this.state = 'open';
    this.transcript = [];
    this.cb.handshakeDone({ suite: SUITE_NAMES[this.suite], peerCertificates: this.peerCerts });
  }

  private sendFinished(): void {
    this.cb.write(encodeRecord(CT.changeCipherSpec, Uint8Array.of(1)));
    this.writeProt = this.pendingWrite;
    this.sendHandshake(
      H.finished,
      finishedVerifyData(this.master, this.role === 'client', this.transcriptHash()),
    );
  }

  private deriveKeys(preMaster: Uint8Array): void {
    this.master = masterSecret(preMaster, this.clientRandom, this.serverRandom);
    const kb = keyBlock(this.master, this.clientRandom, this.serverRandom);
    const client = new RecordProtection(kb.clientMacKey, kb.clientKey);
    const server = new RecordProtection(kb.serverMacKey, kb.serverKey);
    this.pendingWrite = this.role === 'client' ? client : server;
    this.pendingRead = this.role === 'client' ? server : client;
  }

  private acceptPeerCertificates(ders: Uint8Array[]): void {
    const { sign, enc } = selectPeerCertificates(
      ders,
      this.config.trusted,
      this.config.now?.() ?? new Date(),
    );
    this.peerSign = sign;
    this.peerEnc = enc;
    this.peerCerts = [sign, enc];
  }

  // ---- client ----

  private clientStep(type: number, body: Uint8Array): void {
    switch (type) {
      case H.serverHello: {
        const sh = checkServerHello(body, this.suites);
        this.serverRandom = sh.random;
        this.suite = sh.suite;
        this.expecting = H.certificate;
        return;
      }
      case H.certificate:
        this.acceptPeerCertificates(parseCertificateList(body));
        this.expecting = H.serverKeyExchange;
        return;
      case H.serverKeyExchange:
        this.ephemeral = readServerKeyExchange(
          body,
          this.suite,
          { client: this.clientRandom, server: this.serverRandom },
          { sign: this.peerSign!, enc: this.peerEnc! },
        );
        this.expecting = H.serverHelloDone;
        return;
      case H.certificateRequest:
        readCertificateRequest(body);
        this.certRequested = true;
        return;
      case H.serverHelloDone:
        if (body.length) throw new TlcpError('malformed ServerHelloDone', A.decodeError);
        return this.clientFlight();
    }
  }

  private clientFlight(): void {
    const creds = this.config.credentials;
    if (this.certRequested) {
      this.sendHandshake(H.certificate, certificateBody(creds ? [creds.signCert, creds.encCert] : []));
      this.sentClientCert = !!creds;
    }
    const { body, preMaster } = clientKeyExchange(this.suite, creds, this.peerEnc!, this.ephemeral);
    this.sendHandshake(H.clientKeyExchange, body);
    if (this.sentClientCert)
      this.sendHandshake(H.certificateVerify, vec16(signDer(this.transcriptHash(), creds!.signKey)));
    this.deriveKeys(preMaster);
    this.sendFinished();
    this.expecting = CCS;
  }

  // ---- server ----

  private serverStep(type: number, body: Uint8Array): void {
    const creds = this.config.credentials!;
    switch (type) {
      case H.clientHello: {
        const hello = checkClientHello(body, this.suites);
        this.suite = hello.suite;
        this.clientRandom = hello.random;
        this.serverRandom = helloRandom(randomBytes(32));
        const flight = serverFlight(
          hello.suite,
          { client: this.clientRandom, server: this.serverRandom },
          creds,
          this.config.trusted,
        );
        this.ephemeral = flight.ephemeral;
        for (const [type, msg] of flight.messages) this.sendHandshake(type, msg);
        this.certRequested = true;
        this.expecting = H.certificate;
        return;
      }
      case H.certificate: {
        const list = parseCertificateList(body);
        // bcos-boostssl sets verify_peer | verify_fail_if_no_peer_cert.
        if (list.length === 0)
          throw new TlcpError('client sent no certificate; this server requires one', A.handshakeFailure);
        this.acceptPeerCertificates(list);
        this.expecting = H.clientKeyExchange;
        return;
      }
      case H.clientKeyExchange: {
        const preMaster = serverPreMaster(this.suite, body, creds, this.ephemeral, this.peerEnc!);
        this.deriveKeys(preMaster);
        this.expecting = H.certificateVerify;
        return;
      }
    }
  }
}
