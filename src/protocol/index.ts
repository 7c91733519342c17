// Public surface of the protocol layer (wire formats shared by client and devnode).
// builtin/* and rpc/types are imported from their own modules.

export * from './hex';
export { TarsWriter } from './tars/writer';
export { TarsReader, type IntWidth } from './tars/reader';
export { TarsType, TarsDecodeError, tarsTypeName } from './tars/types';
export * from './transaction';
export * from './receipt';
export * from './block';
export * from './merkle';
export { type CryptoSuite, ecdsaSuite, smSuite, cryptoSuite, keccak256, sm3 } from './crypto/suite';
export { createEcdsaSuite, nativeSecp256k1Available, type EcdsaSuiteOptions } from './crypto/ecdsa';
export { createSmSuite, sm2SignRaw, sm2Verify, sm2Za, SM2_DEFAULT_USER_ID } from './crypto/sm';
export * from './address';
export * from './nonce';
export * from './account';
export { importP12, exportP12, type P12ExportOptions } from './p12';
export { importKeystore, exportKeystore, type KeystoreOptions } from './keystore';
export {
  parsePrivateKeyPem,
  privateKeyToPem,
  publicKeyToPem,
  PemError,
  type KeyCurve,
  type ParsedEcKey,
} from './pem';
export * from './rpc/envelope';
export * from './rpc/status';
