// Receipt hashes (§4.2, §10.4, DOC block-2 receipt), block header hashes (§4.3: DOC genesis and
// block 2 of an SM chain) and the TARS round trips of receipts, logs and headers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeReceipt,
  decodeReceiptData,
  encodeReceipt,
  encodeReceiptData,
  hashReceipt,
  receiptHashPreimage,
  type TransactionReceipt,
  type TransactionReceiptData,
} from '../../../src/protocol/receipt';
import {
  blockHeaderHashPreimage,
  decodeBlock,
  decodeBlockHeader,
  decodeBlockHeaderData,
  encodeBlock,
  encodeBlockHeader,
  encodeBlockHeaderData,
  hashBlockHeader,
  type Block,
  type BlockHeaderData,
} from '../../../src/protocol/block';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { decodeTransaction } from '../../../src/protocol/transaction';
import { DOC_SEND_TX_GM } from './deploy-vectors';

function receipt(fields: Partial<TransactionReceiptData>): TransactionReceiptData {
  return {
    version: 0,
    gasUsed: '',
    contractAddress: '',
    status: 0,
    output: new Uint8Array(0),
    logEntries: [],
    blockNumber: 0,
    effectiveGasPrice: '',
    ...fields,
  };
}

test('§4.2 DOC example preimage (block 26, gasUsed 13088)', () => {
  const r = receipt({ gasUsed: '13088', blockNumber: 26 });
  assert.equal(
    toHex(receiptHashPreimage(r), false),
    '00000000' + '3133303838' + '00000000' + '000000000000001a',
  );
  const h = toHex(hashReceipt(r, ecdsaSuite), false);
  assert.ok(h.startsWith('3949c140') && h.endsWith('1a41'), h);
});

test('§10.4 C++ SDK test_receipt hash', () => {
  const r = receipt({
    gasUsed: '24363',
    contractAddress: '0102e8b6fc8cdf9626fddc1c3ea8c1e79b3fce94',
    blockNumber: 9,
  });
  assert.equal(
    toHex(hashReceipt(r, ecdsaSuite), false),
    '296b4598a56d6e2a295e5fe913e6c55459bef0c290f0e713744be8ade2ceec51',
  );
});

test('§10.4 captured receipt with one log', () => {
  const one = fromHex('0x0000000000000000000000000000000000000000000000000000000000000001');
  const r = receipt({
    gasUsed: '19413',
    output: one,
    blockNumber: 2,
    logEntries: [
      {
        address: '6849f21d1e455e9f0712b1e99fa4fcd23758e8f1',
        topic: [fromHex('0xc57b01fa77f41df77eaab79a0e2623fab2e7ae3e9530d9b1cab225ad65f2b7ce')],
        data: one,
      },
    ],
  });
  assert.equal(
    toHex(hashReceipt(r, ecdsaSuite), false),
    'b59cfe6ef607b72a6bab515042e0882213d179bd421afba353e2259b2a6396e4',
  );
  assert.deepEqual(decodeReceiptData(encodeReceiptData(r)), r);
});

test('DOC block-2 deploy receipt (SM3) hash = receiptsRoot of block 2', () => {
  const r = receipt({
    gasUsed: '24363',
    contractAddress: '82a3c3289a9f234a38aceed3016d1ff0e0f922b3',
    blockNumber: 2,
  });
  assert.equal(
    toHex(hashReceipt(r, smSuite), false),
    'f18d1984c7745a826e4b8d608b823534f1e44b273f75972e16cf2ac3ff313e14',
  );
});

test('v1 receipts hash effectiveGasPrice before the logs', () => {
  const log = { address: 'ab', topic: [new Uint8Array(32).fill(7)], data: Uint8Array.of(9) };
  const r = receipt({
    version: 1,
    gasUsed: '1',
    effectiveGasPrice: '0x5',
    logEntries: [log],
    blockNumber: 3,
  });
  assert.equal(
    toHex(receiptHashPreimage(r), false),
    '00000001' +
      '31' +
      '00000000' +
      toHex(Buffer.from('0x5'), false) +
      toHex(Buffer.from('ab'), false) +
      '07'.repeat(32) +
      '09' +
      '0000000000000003',
  );
  assert.equal(
    toHex(receiptHashPreimage({ ...r, version: 0 }), false).includes(toHex(Buffer.from('0x5'), false)),
    false,
  );
});

test('receipt TARS: version always written, defaults omitted, full round trip', () => {
  assert.equal(toHex(encodeReceiptData(receipt({})), false), '1c');
  assert.throws(() => decodeReceiptData(fromHex('')), /required field tag 1/);
  const full: TransactionReceipt = {
    data: receipt({
      version: 2,
      gasUsed: '21000',
      contractAddress: 'aa'.repeat(20),
      status: 16,
      output: Uint8Array.of(1, 2),
      logEntries: [
        {
          address: 'bb'.repeat(20),
          topic: [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)],
          data: new Uint8Array(0),
        },
      ],
      blockNumber: 123456789,
      effectiveGasPrice: '0x1',
    }),
    dataHash: new Uint8Array(32).fill(3),
    message: 'm',
    cumulativeGasUsed: '5',
    logsBloom: new Uint8Array(256),
    transactionIndex: 4,
    logIndex: 2,
  };
  assert.deepEqual(decodeReceipt(encodeReceipt(full)), full);
});

const SEALERS = [
  '0055dcaf073a332aa1ad90ff53ef028680d24f9bf2fcbc07ec4bbd4879413f75118a570bcf8001c4526fdb8c1319e51ae63444431ec8ab839465c05e178e7c49',
  '2a7aecf4acf010b0c13697e84ffd4f18544835662845621f936166d88cf073f16b1daa6883de457e6129377d21412b4c77099e8a50e8ea521752adcddeb8b331',
  '535439908979b89171283dca78520763e0a32c64631d7f34ee1d3f74c408a31aaa8565c50924ba6817cd33c13fe9dc928e36b8a1df022fc825d3687c2b273258',
  'dd99ab883677a8aef2c2a3847b9671e501bd6930792700398627eb0a1ba04fe81015745b6287be5f36786c0cc8ff12e9dd3215dc5a4210b012d77330a739a2c3',
];

const BLOCK2: BlockHeaderData = {
  version: 50528256,
  parentInfo: [
    {
      blockNumber: 1,
      blockHash: fromHex('0x1498f2ff420fb9c240c7081b99bd76819c7348fb1a899095476afa29146c8874'),
    },
  ],
  txsRoot: fromHex('0xdce357d4a81bfe2c9b9cc83fde7576a8ae8dede910b70cdf9abed71a32ed10bf'),
  receiptRoot: fromHex('0xf18d1984c7745a826e4b8d608b823534f1e44b273f75972e16cf2ac3ff313e14'),
  stateRoot: fromHex('0xc81a18b17f22851cd19f48d2fcf875bebea711d7b5823b99a983c2ecbfc48f1a'),
  blockNumber: 2,
  gasUsed: '24363',
  timestamp: 1680598474810,
  sealer: 1,
  sealerList: SEALERS.map((s) => fromHex(s)),
  extraData: new Uint8Array(0),
  consensusWeights: [1, 1, 1, 1],
};

// Genesis config text of the DOC chain (its getBlockByNumber(0) extraData).
const GENESIS_EXTRA =
  '5b636861696e5d0a736d5f63727970746f3a310a636861696e49443a20636861696e300a67726f7549443a2067726f7570300a5b636f6e73656e7379735d0a636f6e73656e7375735f747970653a20706266740a626c6f636b5f74785f636f756e745f6c696d69743a313030300a6c65616465725f706572696f643a310a5b76657273696f6e5d0a636f6d7061746962696c6974795f76657273696f6e3a332e332e300a5b74785d0a6761736c696d69743a333030303030303030300a5b6578656375746f725d0a69737761736d3a20300a697341757468436865636b3a310a6175746841646d696e4163636f756e743a3078623161656264613131326232306131303665653937666334353430343738613166636162343963630a697353657269616c457865637574653a310a6e6f64652e303a30303535646361663037336133333261613161643930666635336566303238363830643234663962663266636263303765633462626434383739343133663735313138613537306263663830303163343532366664623863313331396535316165363334343434333165633861623833393436356330356531373865376334392c310a6e6f64652e313a32613761656366346163663031306230633133363937653834666664346631383534343833353636323834353632316639333631363664383863663037336631366231646161363838336465343537653631323933373764323134313262346337373039396538613530653865613532313735326164636464656238623333312c310a6e6f64652e323a35333534333939303839373962383931373132383364636137383532303736336530613332633634363331643766333465653164336637346334303861333161616138353635633530393234626136383137636433336331336665396463393238653336623861316466303232666338323564333638376332623237333235382c310a6e6f64652e333a64643939616238383336373761386165663263326133383437623936373165353031626436393330373932373030333938363237656230613162613034666538313031353734356236323837626535663336373836633063633866663132653964643332313564633561343231306230313264373733333061373339613263332c310a';

const GENESIS: BlockHeaderData = {
  version: 50528256,
  parentInfo: [],
  txsRoot: new Uint8Array(0),
  receiptRoot: new Uint8Array(0),
  stateRoot: new Uint8Array(0),
  blockNumber: 0,
  gasUsed: '',
  timestamp: 0,
  sealer: 0,
  sealerList: [],
  extraData: fromHex(GENESIS_EXTRA),
  consensusWeights: [],
};

test('§4.3 DOC block 2 header hash (SM3)', () => {
  assert.equal(
    toHex(hashBlockHeader(BLOCK2, smSuite), false),
    '2fbafbf71395bb07d1d6e142a06fa3cd9436aee3e91b5b9e6ffc5c47133c3738',
  );
});

test('§4.3 DOC genesis hash needs the stored empty roots and gasUsed ""', () => {
  assert.equal(
    toHex(hashBlockHeader(GENESIS, smSuite), false),
    '47c6d9493171f62bf7201faa2e4766bbf058d95c0d76d605f965ff4b212e01f5',
  );
  // The JSON forms (32 zero bytes, "0") give a different hash.
  const asJson = {
    ...GENESIS,
    txsRoot: new Uint8Array(32),
    receiptRoot: new Uint8Array(32),
    stateRoot: new Uint8Array(32),
    gasUsed: '0',
  };
  assert.notEqual(
    toHex(hashBlockHeader(asJson, smSuite), false),
    '47c6d9493171f62bf7201faa2e4766bbf058d95c0d76d605f965ff4b212e01f5',
  );
});

test('block 2 txsRoot is its only transaction hash (single-leaf merkle)', () => {
  // The DOC receipt of block 2 names transactionHash dce357d4… and txsRoot is the same value.
  assert.equal(
    toHex(BLOCK2.txsRoot, false),
    'dce357d4a81bfe2c9b9cc83fde7576a8ae8dede910b70cdf9abed71a32ed10bf',
  );
  const preimage = toHex(blockHeaderHashPreimage(BLOCK2), false);
  assert.ok(preimage.startsWith('03030000' + '0000000000000001' + '1498f2ff'));
  assert.ok(preimage.endsWith('0000000000000001'.repeat(4)));
});

test('block header TARS round trip, with signatures; Block round trip', () => {
  assert.deepEqual(decodeBlockHeaderData(encodeBlockHeaderData(BLOCK2)), BLOCK2);
  assert.deepEqual(decodeBlockHeaderData(encodeBlockHeaderData(GENESIS)), GENESIS);
  const header = {
    data: BLOCK2,
    dataHash: hashBlockHeader(BLOCK2, smSuite),
    signatureList: [
      { sealerIndex: 0, signature: new Uint8Array(64).fill(5) },
      { sealerIndex: 2, signature: new Uint8Array(64).fill(6) },
    ],
  };
  assert.deepEqual(decodeBlockHeader(encodeBlockHeader(header)), header);
  const tx = decodeTransaction(fromHex(DOC_SEND_TX_GM));
  const block: Block = {
    version: 1,
    type: 0,
    blockHeader: header,
    transactions: [tx],
    receipts: [],
    transactionsMetaData: [{ hash: tx.dataHash, to: '', source: '', attribute: 1 }],
    receiptsHash: [],
    nonceList: [tx.data.nonce],
    transactionsMerkle: [],
    receiptsMerkle: [],
    logsBloom: new Uint8Array(0),
  };
  assert.deepEqual(decodeBlock(encodeBlock(block)), block);
});
