// Real transaction vectors of reference/protocol.md §10.1–10.4 and Appendix A, reproduced byte
// for byte in both directions (decode → fields, fields → TARS, hash, signature).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeTransaction,
  decodeTransactionData,
  encodeTransaction,
  encodeTransactionData,
  hashTransactionData,
  transactionHashPreimage,
  type Transaction,
  type TransactionData,
} from '../../../src/protocol/transaction';
import { ecdsaSuite, smSuite, keccak256 } from '../../../src/protocol/crypto/suite';
import { createEcdsaSuite } from '../../../src/protocol/crypto/ecdsa';
import { fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';
import { DEPLOY_TX, DEPLOY_TX_DATA, DEPLOY_TX_DATA_GM, DEPLOY_TX_GM, DOC_SEND_TX_GM } from './deploy-vectors';

const pureEcdsa = createEcdsaSuite({ native: false });

const SET_INPUT =
  '4ed3885e0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000c68656c6c6f2c20776f726c640000000000000000000000000000000000000000';
const GO_KEY = fromHex('145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58');

function txData(fields: Partial<TransactionData>): TransactionData {
  return {
    version: 0,
    chainID: 'chain0',
    groupID: 'group0',
    blockLimit: 0n,
    nonce: '',
    to: '',
    input: new Uint8Array(0),
    abi: '',
    ...fields,
  };
}

/** Asserts decode(hex) has `data`, and encode(data) === hex. */
function assertDataVector(hex: string, data: TransactionData): void {
  const decoded = decodeTransactionData(fromHex(hex));
  for (const key of Object.keys(data) as (keyof TransactionData)[])
    assert.deepEqual(decoded[key], data[key], key);
  assert.equal(toHex(encodeTransactionData(data), false), hex);
}

// §10.1
const GO_SET = {
  data: txData({
    blockLimit: 522n,
    nonce: '161255612898668632725869040723287657533',
    to: 'a6cdc4fed96bbf8c9c013cc19200b3c8ba95c93e',
    input: fromHex(SET_INPUT),
  }),
  preimage:
    '00000000636861696e3067726f757030000000000000020a31363132353536313238393836363836333237323538363930343037323332383736353735333361366364633466656439366262663863396330313363633139323030623363386261393563393365' +
    SET_INPUT,
  hash: 'b1e82e9052f066250532968bf9ad3a05f19dba10291089a27cea931ddfc8e9b5',
  signature:
    'aa923c250f2e8b64f401766b9348b27234858ee7cceefedda8c72cefc94d4142723d0b2584e753629a69404b8bfb33748747ec6b5a286488f9bebce79b2ef27101',
  dataTars:
    '1c2606636861696e30360667726f75703041020a56273136313235353631323839383636383633323732353836393034303732333238373635373533336628613663646334666564393662626638633963303133636331393230306233633862613935633933657d000064' +
    SET_INPUT,
};

test('§10.1 Go SDK set(): preimage, keccak hash, TransactionData TARS', () => {
  assert.equal(toHex(transactionHashPreimage(GO_SET.data), false), GO_SET.preimage);
  assert.equal(toHex(keccak256(fromHex(GO_SET.preimage)), false), GO_SET.hash);
  assert.equal(toHex(hashTransactionData(GO_SET.data, ecdsaSuite), false), GO_SET.hash);
  assertDataVector(GO_SET.dataTars, GO_SET.data);
});

test('§10.1 Go SDK set(): RFC6979 signature reproduced (native and pure) and full Transaction TARS', () => {
  const hash = fromHex(GO_SET.hash);
  assert.equal(toHex(ecdsaSuite.sign(hash, GO_KEY), false), GO_SET.signature);
  assert.equal(toHex(pureEcdsa.sign(hash, GO_KEY), false), GO_SET.signature);
  const tx: Transaction = { data: GO_SET.data, dataHash: hash, signature: fromHex(GO_SET.signature) };
  const txHex = '1a' + GO_SET.dataTars + '0b2d000020' + GO_SET.hash + '3d000041' + GO_SET.signature;
  assert.equal(toHex(encodeTransaction(tx), false), txHex);
  const decoded = decodeTransaction(fromHex(txHex));
  assert.deepEqual(decoded.dataHash, hash);
  assert.deepEqual(decoded.signature, tx.signature);
  assert.equal(decoded.attribute, 0);
  assert.equal(decoded.importTime, 0);
  assert.equal(
    ecdsaSuite.address(ecdsaSuite.recover(hash, decoded.signature)),
    '0xfbb18d54e9ee57529cda8c7c52242efe879f064f',
  );
});

test('§10.1 / A.1 Go SDK deployment: decode, hash, signature, re-encode', () => {
  const data = decodeTransactionData(fromHex(DEPLOY_TX_DATA));
  assert.equal(data.to, '');
  assert.equal(data.blockLimit, 522n);
  assert.equal(data.nonce, '1688603039378859933515912188597641103180');
  assert.equal(data.input.length, 1550);
  assert.equal(data.abi.length, 629);
  assert.equal(toHex(encodeTransactionData(data), false), DEPLOY_TX_DATA);
  const hash = hashTransactionData(data, ecdsaSuite);
  assert.equal(toHex(hash, false), '7e9f0440919e2bd719e29cc512b8ed364a7ce81091d460ea31272106424e93e0');
  const sig =
    'b8227e0be95ea1195f8fd605b3d5c288ac4481c366749c9ab12d8e5eef7e57885bd474a427fdba3e6fd3d28171b3fa2e47c373e77c45514d8985abf5715cb5be00';
  assert.equal(toHex(ecdsaSuite.sign(hash, GO_KEY), false), sig);
  assert.equal(toHex(pureEcdsa.sign(hash, GO_KEY), false), sig);
  const tx = decodeTransaction(fromHex(DEPLOY_TX));
  assert.equal(toHex(tx.signature, false), sig);
  assert.deepEqual(tx.dataHash, hash);
  assert.equal(toHex(encodeTransaction({ data, dataHash: hash, signature: fromHex(sig) }), false), DEPLOY_TX);
});

// §10.2
const GM_SET = {
  data: txData({
    blockLimit: 500n,
    nonce: '142439947802195910202854464433393403915',
    to: 'c0523dbdd94ba27e14b0336d799489340ca24cdf',
    input: fromHex(SET_INPUT),
  }),
  hash: 'db9d06a9258d4e8dbbe490a4f4c3f0bfa4fe8aa783ad77c2720c749410ee9bca',
  keccak: '9119aa0e563433e2518e5bedb6e65b08502f15a7b5a32e6a64b5e5a8d1e47b37',
  dataTars:
    '1c2606636861696e30360667726f7570304101f456273134323433393934373830323139353931303230323835343436343433333339333430333931356628633035323364626464393462613237653134623033333664373939343839333430636132346364667d000064' +
    SET_INPUT,
  signature:
    '45e0d42a74157f03aaf9e7d2631df0c21e74ce72dbee2c3c047ac12e0435d24f8563b5b3b7b0a62bd0f95b297530a4e8d789bfb29762f5c47e789e6ffe366fa74c5a43dcbecdb28436cf138f5b74f8f4809415be473fa31e923e27a0e0eaebabe002537bbf5f787e87df7fa9acf7b13391ccf85618009ccb7413376641b19133',
};

test('§10.2 Go SDK SM: SM3 hash, TARS both ways, SM2 signature verifies to the signer', () => {
  assert.equal(toHex(hashTransactionData(GM_SET.data, smSuite), false), GM_SET.hash);
  assert.equal(toHex(hashTransactionData(GM_SET.data, ecdsaSuite), false), GM_SET.keccak);
  assertDataVector(GM_SET.dataTars, GM_SET.data);
  const txHex = '1a' + GM_SET.dataTars + '0b2d000020' + GM_SET.hash + '3d00010080' + GM_SET.signature;
  const tx = decodeTransaction(fromHex(txHex));
  assert.equal(toHex(encodeTransaction(tx), false), txHex);
  const pub = smSuite.recover(tx.dataHash, tx.signature);
  assert.equal(smSuite.address(pub), '0x69a69e8cca296d8def216820cd76ded88a3f4215');
  // A flipped bit in the hash must fail verification.
  const bad = tx.dataHash.slice();
  bad[0] ^= 1;
  assert.throws(() => smSuite.recover(bad, tx.signature), /invalid signature/);
});

test('A.2 Go SDK SM deployment: decode, SM3 hash, signature, re-encode', () => {
  const data = decodeTransactionData(fromHex(DEPLOY_TX_DATA_GM));
  assert.equal(data.blockLimit, 500n);
  assert.equal(data.nonce, '165333937013113965531864480122239440752');
  assert.equal(toHex(encodeTransactionData(data), false), DEPLOY_TX_DATA_GM);
  const hash = hashTransactionData(data, smSuite);
  assert.equal(toHex(hash, false), '99f8ac271b22847c54a93e1cecf82c9b017430aafb0364c7d3fe76093ba051f8');
  const tx = decodeTransaction(fromHex(DEPLOY_TX_GM));
  assert.deepEqual(tx.dataHash, hash);
  assert.equal(toHex(encodeTransaction(tx), false), DEPLOY_TX_GM);
  assert.equal(
    smSuite.address(smSuite.recover(hash, tx.signature)),
    '0x69a69e8cca296d8def216820cd76ded88a3f4215',
  );
});

test('DOC sendTransaction example (SM): decode, hash, re-encode, signer = DOC receipt from', () => {
  const tx = decodeTransaction(fromHex(DOC_SEND_TX_GM));
  assert.equal(tx.data.blockLimit, 507n);
  assert.equal(
    toHex(hashTransactionData(tx.data, smSuite), false),
    '867fc7059f04e9f172202b777673a8413c9e47990dcd09b11311a2f1f5b55a4f',
  );
  assert.deepEqual(tx.dataHash, hashTransactionData(tx.data, smSuite));
  assert.equal(toHex(encodeTransaction(tx), false), DOC_SEND_TX_GM);
  assert.equal(
    smSuite.address(smSuite.recover(tx.dataHash, tx.signature)),
    '0xf3293c3452b3b0479e64a4c612e8c1b0da5fe1af',
  );
});

// §10.3
const JAVA_V0 =
  '1a1c2606636861696e30360667726f7570304101fd562831343230303535313832363235373935303133363132373836353832393033393938343232343237662a3078303130326538623666633863646639363236666464633163336561386331653739623366636539347d0000644ed3885e0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000474657374000000000000000000000000000000000000000000000000000000000b2d00002082b0283ac2793fb68be2f2f79056251664093500a57313e3adad74d852cb32e53d000041cb1d9cc1e3b87ec4afa9ccf680ce11cad980056b63a58641dff78c84a6e7c6a41f3480b0cfa1a9a5107f4a0bf2ccffabeb1a550d66a1a754e9aba6b266cde7da00';
const JAVA_V1 =
  '1a10012606636861696e30360667726f7570304101fb56203731646430333435623135373437353738643531376661366164623330393461662a3078333165643532333362383163373964356164646465656639393166353331613962626332616430317d0000644ed3885e000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000047465730a000000000000000000000000000000000000000000000000000000009603307830a6033078300b2d0000205bb1fa7f6b420cbc5d99f075edf4e2f340d003f76c35cc95d83ce3d6f790a4823d0000418f72ab9782925d323e759aa6d1bfc492160d84176030712395530dc42bdf973b0c4dcb64e20fcbd922e417f04010ed4cbd3e86c073da00292e49b301a4e2554c015001';

test('§10.3 Java SDK txV0: fields, hash, recovery, exact re-encoding', () => {
  const tx = decodeTransaction(fromHex(JAVA_V0));
  assert.equal(tx.data.version, 0);
  assert.equal(tx.data.blockLimit, 509n);
  assert.equal(tx.data.nonce, '1420055182625795013612786582903998422427');
  assert.equal(tx.data.to, '0x0102e8b6fc8cdf9626fddc1c3ea8c1e79b3fce94');
  assert.equal(tx.data.input.length, 100);
  const hash = hashTransactionData(tx.data, ecdsaSuite);
  assert.equal(toHex(hash, false), '82b0283ac2793fb68be2f2f79056251664093500a57313e3adad74d852cb32e5');
  assert.deepEqual(tx.dataHash, hash);
  assert.equal(
    ecdsaSuite.address(ecdsaSuite.recover(hash, tx.signature)),
    '0x6e6057d5d09257d38299fa36edc7d8e9e78cbe7d',
  );
  assert.equal(
    pureEcdsa.address(pureEcdsa.recover(hash, tx.signature)),
    '0x6e6057d5d09257d38299fa36edc7d8e9e78cbe7d',
  );
  assert.equal(toHex(encodeTransaction(tx), false), JAVA_V0);
});

test('§10.3 Java SDK txV1: v1 fields, attribute, hash, recovery, exact re-encoding', () => {
  const tx = decodeTransaction(fromHex(JAVA_V1));
  assert.equal(tx.data.version, 1);
  assert.equal(tx.data.blockLimit, 507n);
  assert.equal(tx.data.nonce, '71dd0345b15747578d517fa6adb3094a');
  assert.equal(tx.data.value, '0x0');
  assert.equal(tx.data.gasPrice, '0x0');
  assert.equal(tx.data.gasLimit, 0n);
  assert.equal(tx.data.maxFeePerGas, '');
  assert.equal(tx.attribute, 1);
  const hash = hashTransactionData(tx.data, ecdsaSuite);
  assert.equal(toHex(hash, false), '5bb1fa7f6b420cbc5d99f075edf4e2f340d003f76c35cc95d83ce3d6f790a482');
  assert.equal(
    ecdsaSuite.address(ecdsaSuite.recover(hash, tx.signature)),
    '0xf14da8c163ac881ddd6131e097e502cf01ca1b8f',
  );
  assert.equal(toHex(encodeTransaction(tx), false), JAVA_V1);
});

test('§10.4 C++ SDK test_transaction: hash and recovery of the captured signature', () => {
  const data = txData({
    to: '0x6849f21d1e455e9f0712b1e99fa4fcd23758e8f1',
    blockLimit: 501n,
    nonce: '82456994196425209985513938878262806289094428076435270713862099506789849517246',
    input: fromHex(
      '2fe99bdc000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000a000000000000000000000000000000000000000000000000000000000000000e0000000000000000000000000000000000000000000000000000000000000000574657374310000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000005746573743200000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000057465737433000000000000000000000000000000000000000000000000000000',
    ),
  });
  const hash = hashTransactionData(data, ecdsaSuite);
  assert.equal(toHex(hash, false), '0359a5588c5e9c9dcfd2f4ece850d6f4c41bc88e2c27cc051890f26ef0ef118f');
  const sig = fromHex(
    '0xd752fbe3218d6f0d4bdcbaf45875bba4a52f9af263badabc0ef93fa31f28d79b0779728b594c1212613a38daea8bdd36670777100b159ac537dfbd83e700d20901',
  );
  assert.equal(
    ecdsaSuite.address(ecdsaSuite.recover(hash, sig)),
    '0x3d20a4e26f41b57c2061e520c825fbfa5f321f22',
  );
  const decoded = decodeTransaction(
    encodeTransaction({ data, dataHash: hash, signature: sig, importTime: 1670467885565 }),
  );
  assert.equal(decoded.importTime, 1670467885565);
});

test('v2 hashes the extension; v1 the value/gas fields; v0 ignores both', () => {
  const base = txData({ blockLimit: 10n, nonce: 'n', input: Uint8Array.of(1) });
  const extra = {
    value: '0x1',
    gasPrice: '0x2',
    gasLimit: 3n,
    maxFeePerGas: '0x4',
    maxPriorityFeePerGas: '0x5',
    extension: utf8Encode('ext'),
  };
  const v0 = transactionHashPreimage({ ...base, ...extra });
  assert.deepEqual(v0, transactionHashPreimage(base));
  const v1 = toHex(transactionHashPreimage({ ...base, ...extra, version: 1 }), false);
  assert.ok(
    v1.endsWith(toHex(utf8Encode('0x10x2'), false) + '0000000000000003' + toHex(utf8Encode('0x40x5'), false)),
  );
  const v2 = toHex(transactionHashPreimage({ ...base, ...extra, version: 2 }), false);
  assert.equal(v2, v1.replace(/^00000001/, '00000002') + toHex(utf8Encode('ext'), false));
  const enc = decodeTransactionData(encodeTransactionData({ ...base, ...extra, version: 2 }));
  assert.deepEqual(enc, { ...base, ...extra, version: 2 });
});

test('encoding omits defaults except version; decoding fills defaults', () => {
  assert.equal(toHex(encodeTransactionData(txData({ chainID: '', groupID: '' })), false), '1c');
  const d = decodeTransactionData(fromHex('1c'));
  assert.deepEqual(d, {
    version: 0,
    chainID: '',
    groupID: '',
    blockLimit: 0n,
    nonce: '',
    to: '',
    input: new Uint8Array(0),
    abi: '',
    value: '',
    gasPrice: '',
    gasLimit: 0n,
    maxFeePerGas: '',
    maxPriorityFeePerGas: '',
    extension: new Uint8Array(0),
  });
  // A payload without the version field (generator rule) decodes identically.
  const withoutVersion = encodeTransactionData(GO_SET.data).subarray(1);
  assert.deepEqual(decodeTransactionData(withoutVersion), decodeTransactionData(fromHex(GO_SET.dataTars)));
  // Optional Transaction fields round trip.
  const full: Transaction = {
    data: GO_SET.data,
    dataHash: new Uint8Array(0),
    signature: new Uint8Array(0),
    importTime: 5,
    attribute: 0x10,
    sender: new Uint8Array(20).fill(1),
    extraData: 'x',
    type: 1,
    extraTransactionBytes: Uint8Array.of(1),
    extraTransactionHash: Uint8Array.of(2),
  };
  const back = decodeTransaction(encodeTransaction(full));
  assert.deepEqual({ ...back, data: undefined }, { ...full, data: undefined });
});

test('bad transaction payloads give clear errors', () => {
  assert.throws(
    () => decodeTransaction(fromHex('2d000020')),
    /cannot decode Transaction: .*data \(tag 1\) is missing/,
  );
  assert.throws(
    () => decodeTransaction(fromHex(JAVA_V0.slice(0, 200))),
    /cannot decode Transaction: TARS: truncated/,
  );
  assert.throws(() => decodeTransaction(fromHex('1a16')), /cannot decode Transaction/);
  assert.throws(() => decodeTransaction(fromHex('1a2c0b')), /tag 2: expected a string, found zero/);
});

test('signTransaction reproduces the §10.1 payload; checkTransactionFields mirrors the node', async () => {
  const { signTransaction, checkTransactionFields, INVALID_HEX_FIELDS_MESSAGE } =
    await import('../../../src/protocol/transaction');
  const signed = signTransaction(GO_SET.data, ecdsaSuite, GO_KEY);
  assert.equal(toHex(signed.hash, false), GO_SET.hash);
  assert.equal(
    toHex(signed.encoded, false),
    '1a' + GO_SET.dataTars + '0b2d000020' + GO_SET.hash + '3d000041' + GO_SET.signature,
  );
  const withAttr = signTransaction(GO_SET.data, pureEcdsa, GO_KEY, { attribute: 1 });
  assert.equal(decodeTransaction(withAttr.encoded).attribute, 1);
  assert.equal(
    checkTransactionFields(txData({ version: 1, value: '0x0', gasPrice: '', maxFeePerGas: '0xAbC' })),
    undefined,
  );
  assert.equal(checkTransactionFields(txData({ version: 1, value: '10' })), INVALID_HEX_FIELDS_MESSAGE);
  assert.equal(checkTransactionFields(txData({ version: 2, gasPrice: '0X1' })), INVALID_HEX_FIELDS_MESSAGE);
  assert.equal(checkTransactionFields(txData({ version: 0, value: 'anything' })), undefined);
});
