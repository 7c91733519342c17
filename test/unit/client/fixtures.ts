// Response bodies of real FISCO BCOS 3.x nodes. Most are the documented examples of
// FISCO-BCOS-DOC 3.x/zh_CN/docs/develop/api.md (a 3.3.0 SM chain, 4 nodes); the ones the docs
// lack (getTransaction, receipts without proof, v1 receipts, failed sendTransaction, an
// error body, termWeight entries, a populated getGroupNodeInfo) are built from the node-code
// facts of reference/rpc-shapes.md and protocol.md §8/§10 (test vectors reused where given).

const N0 =
  '0055dcaf073a332aa1ad90ff53ef028680d24f9bf2fcbc07ec4bbd4879413f75118a570bcf8001c4526fdb8c1319e51ae63444431ec8ab839465c05e178e7c49';
const N1 =
  '2a7aecf4acf010b0c13697e84ffd4f18544835662845621f936166d88cf073f16b1daa6883de457e6129377d21412b4c77099e8a50e8ea521752adcddeb8b331';
const N2 =
  '535439908979b89171283dca78520763e0a32c64631d7f34ee1d3f74c408a31aaa8565c50924ba6817cd33c13fe9dc928e36b8a1df022fc825d3687c2b273258';
const N3 =
  'dd99ab883677a8aef2c2a3847b9671e501bd6930792700398627eb0a1ba04fe81015745b6287be5f36786c0cc8ff12e9dd3215dc5a4210b012d77330a739a2c3';
export const NODE_IDS = [N0, N1, N2, N3];

const HELLO_DEPLOY_INPUT =
  '0x608060405234801561001057600080fd5b5060408051808201909152600d8082526c48656c6c6f2c20576f726c642160981b60209092019182526100459160009161004b565b5061011f565b828054610057906100e4565b90600052602060002090601f01602090048101928261007957600085556100bf565b82601f1061009257805160ff19168380011785556100bf565b828001600101855582156100bf579182015b828111156100bf5782518255916020019190600101906100a4565b506100cb9291506100cf565b5090565b5b808211156100cb57600081556001016100d0565b600181811c908216806100f857607f821691505b602082108114156101195763b95aa35560e01b600052602260045260246000fd5b50919050565b61033d8061012e6000396000f3fe';

/** api.md getBlockNumber. */
export const blockNumber = 8;

/** api.md getTotalTransactionCount. */
export const totalTransactionCount = { blockNumber: 8, failedTransactionCount: 0, transactionCount: 8 };

/** api.md getBlockByNumber(…, false, false): genesis block, transactions present and empty. */
export const genesisBlock = {
  consensusWeights: [],
  extraData:
    '0x5b636861696e5d0a736d5f63727970746f3a310a636861696e49443a20636861696e300a67726f7549443a2067726f7570300a',
  gasUsed: '0',
  hash: '0x47c6d9493171f62bf7201faa2e4766bbf058d95c0d76d605f965ff4b212e01f5',
  number: 0,
  parentInfo: [],
  receiptsRoot: '0x0000000000000000000000000000000000000000000000000000000000000000',
  sealer: 0,
  sealerList: [],
  signatureList: [],
  stateRoot: '0x0000000000000000000000000000000000000000000000000000000000000000',
  timestamp: 0,
  transactions: [],
  txsRoot: '0x0000000000000000000000000000000000000000000000000000000000000000',
  version: 50528256,
};

/** api.md getBlockByHash(…, true, true): header only, no `transactions` key. */
export const block2Header = {
  consensusWeights: [1, 1, 1, 1],
  extraData: '0x',
  gasUsed: '24363',
  hash: '0x2fbafbf71395bb07d1d6e142a06fa3cd9436aee3e91b5b9e6ffc5c47133c3738',
  number: 2,
  parentInfo: [
    { blockHash: '0x1498f2ff420fb9c240c7081b99bd76819c7348fb1a899095476afa29146c8874', blockNumber: 1 },
  ],
  receiptsRoot: '0xf18d1984c7745a826e4b8d608b823534f1e44b273f75972e16cf2ac3ff313e14',
  sealer: 1,
  sealerList: ['0x' + N0, '0x' + N1, '0x' + N2, '0x' + N3],
  signatureList: [
    {
      sealerIndex: 0,
      signature:
        '0xbc1c559adb2723b31b6f75d4f7bd06b204563d238ebc53774b0a621d586482573ae320a6dcca9bd03a2a6af0d8c368cdd660c56b27c8af0c154947f3e6252074',
    },
    {
      sealerIndex: 1,
      signature:
        '0x3490744fc8370eb65649b8bb89a0a53623838e37e37bbb66e3f26f67e81dabe8b34a7e10d85520c475bf92cc89da705aa3d76a0b8316784733301e7af57004a6',
    },
    {
      sealerIndex: 2,
      signature:
        '0x9b7f9b3d18b619ea66f2a028f9980c09b3a83c0a6595da0fed4441a175a165154973a5b21eabf817311d0305b6b194818fab7308335760d10b584c954cf052eb',
    },
  ],
  stateRoot: '0xc81a18b17f22851cd19f48d2fcf875bebea711d7b5823b99a983c2ecbfc48f1a',
  timestamp: 1680598474810,
  txsRoot: '0xdce357d4a81bfe2c9b9cc83fde7576a8ae8dede910b70cdf9abed71a32ed10bf',
  version: 50528256,
};

/** Same block with onlyHeader=false, onlyTxHash=true: transactions as hashes. */
export const block2WithHashes = {
  ...block2Header,
  transactions: ['0xdce357d4a81bfe2c9b9cc83fde7576a8ae8dede910b70cdf9abed71a32ed10bf'],
};

/** api.md getBlockHashByNumber(0). */
export const genesisHash = '0x47c6d9493171f62bf7201faa2e4766bbf058d95c0d76d605f965ff4b212e01f5';

/** api.md getTransactionReceipt(…, true): SM-chain deploy in block 2, with proof. */
export const deployReceiptWithProof = {
  blockNumber: 2,
  checksumContractAddress: '0x82A3c3289a9F234A38AcEED3016D1fF0E0F922B3',
  contractAddress: '0x82a3c3289a9f234a38aceed3016d1ff0e0f922b3',
  extraData: '',
  from: '0xf3293c3452b3b0479e64a4c612e8c1b0da5fe1af',
  gasUsed: '24363',
  hash: '0xf18d1984c7745a826e4b8d608b823534f1e44b273f75972e16cf2ac3ff313e14',
  input: HELLO_DEPLOY_INPUT,
  logEntries: [],
  message: '',
  output: '0x',
  receiptProof: [],
  status: 0,
  to: '',
  transactionHash: '0xdce357d4a81bfe2c9b9cc83fde7576a8ae8dede910b70cdf9abed71a32ed10bf',
  transactionProof: [],
  txReceiptProof: ['f18d1984c7745a826e4b8d608b823534f1e44b273f75972e16cf2ac3ff313e14'],
  version: 0,
};

/**
 * getTransactionReceipt(…, false) of a call with one event (receipt of the C++ SDK test, §10.4):
 * no receiptProof / txReceiptProof, transactionProof null, log address without 0x.
 */
export const callReceiptNoProof = {
  blockNumber: 2,
  checksumContractAddress: '',
  contractAddress: '',
  extraData: '',
  from: '0x3d20a4e26f41b57c2061e520c825fbfa5f321f22',
  gasUsed: '19413',
  hash: '0xb59cfe6ef607b72a6bab515042e0882213d179bd421afba353e2259b2a6396e4',
  input: '0x2fe99bdc',
  logEntries: [
    {
      address: '6849f21d1e455e9f0712b1e99fa4fcd23758e8f1',
      data: '0x0000000000000000000000000000000000000000000000000000000000000001',
      topics: ['0xc57b01fa77f41df77eaab79a0e2623fab2e7ae3e9530d9b1cab225ad65f2b7ce'],
    },
  ],
  message: '',
  output: '0x0000000000000000000000000000000000000000000000000000000000000001',
  status: 0,
  to: '0x6849f21d1e455e9f0712b1e99fa4fcd23758e8f1',
  transactionHash: '0x0359a5588c5e9c9dcfd2f4ece850d6f4c41bc88e2c27cc051890f26ef0ef118f',
  transactionProof: null,
  version: 0,
};

/** sendTransaction, success, v0 (return_input_params on): no transactionProof key. */
export const sendReceiptOk = {
  blockNumber: 9,
  checksumContractAddress: '0x4721D1A77e0E76851D460073E64Ea06d9C104194',
  contractAddress: '0x4721d1a77e0e76851d460073e64ea06d9c104194',
  extraData: '',
  from: '0xfbb18d54e9ee57529cda8c7c52242efe879f064f',
  gasUsed: '24363',
  hash: '0x296b4598a56d6e2a295e5fe913e6c55459bef0c290f0e713744be8ade2ceec51',
  input: HELLO_DEPLOY_INPUT,
  logEntries: [],
  message: '',
  output: '0x',
  status: 0,
  to: '',
  transactionHash: '0x7e9f0440919e2bd719e29cc512b8ed364a7ce81091d460ea31272106424e93e0',
  version: 0,
};

/** sendTransaction(…, true): both proof keys carry the same real proof. */
export const sendReceiptWithProof = {
  ...sendReceiptOk,
  receiptProof: ['296b4598a56d6e2a295e5fe913e6c55459bef0c290f0e713744be8ade2ceec51'],
  txReceiptProof: ['296b4598a56d6e2a295e5fe913e6c55459bef0c290f0e713744be8ade2ceec51'],
};

/** sendTransaction of a reverting call: status 16, hash is the literal "0x", Error("not owner"). */
export const sendReceiptReverted = {
  blockNumber: 10,
  checksumContractAddress: '',
  contractAddress: '',
  extraData: '',
  from: '0xfbb18d54e9ee57529cda8c7c52242efe879f064f',
  gasUsed: '22085',
  hash: '0x',
  input: '0x4ed3885e',
  logEntries: [],
  message: '',
  output:
    '0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000096e6f74206f776e65720000000000000000000000000000000000000000000000',
  status: 16,
  to: '0xa6cdc4fed96bbf8c9c013cc19200b3c8ba95c93e',
  transactionHash: '0xb1e82e9052f066250532968bf9ad3a05f19dba10291089a27cea931ddfc8e9b5',
  version: 0,
};

/** sendTransaction of a v1 transaction: effectiveGasPrice present ("" for zero). */
export const sendReceiptV1 = { ...sendReceiptOk, version: 1, effectiveGasPrice: '' };

/** api.md call: a revert with empty output. */
export const callReverted = { blockNumber: 8, output: '0x', status: 16 };

/** getTransaction(…, true) of the Java SDK txV0 (§10.3), on a ≥3.3 node: nonce as hex of its bytes. */
export const transactionWithProof = {
  abi: '',
  blockLimit: 509,
  chainID: 'chain0',
  extraData: '',
  from: '0x6e6057d5d09257d38299fa36edc7d8e9e78cbe7d',
  groupID: 'group0',
  hash: '0x82b0283ac2793fb68be2f2f79056251664093500a57313e3adad74d852cb32e5',
  importTime: 1680598474800,
  input:
    '0x4ed3885e0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000474657374000000000000000000000000000000000000000000000000000000',
  nonce: Buffer.from('1420055182625795013612786582903998422427').toString('hex'),
  signature:
    '0xcb1d9cc1e3b87ec4afa9ccf680ce11cad980056b63a58641dff78c84a6e7c6a41f3480b0cfa1a9a5107f4a0bf2ccffabeb1a550d66a1a754e9aba6b266cde7da00',
  to: '0x0102e8b6fc8cdf9626fddc1c3ea8c1e79b3fce94',
  transactionProof: [],
  txProof: ['82b0283ac2793fb68be2f2f79056251664093500a57313e3adad74d852cb32e5'],
  version: 0,
};

/** api.md getPendingTxSize. */
export const pendingTxSize = 0;

/** api.md getPeers. */
export const peers = {
  endPoint: '0.0.0.0:30300',
  groupNodeIDInfo: [{ group: 'group0', nodeIDList: [N0] }],
  p2pNodeID:
    '0463f180720373a05c4e0dd5244a88b278eae3f28f162d3b7c51d53a150f7dca570ef9d0f438170d6108a7a32a856b193486bc69624c2893669dcc32790222c6f9',
  peers: [
    {
      endPoint: '127.0.0.1:30301',
      groupNodeIDInfo: [{ group: 'group0', nodeIDList: [N2] }],
      p2pNodeID:
        '046a4ed7691832667c6cb49fadd367f761f6118138256f040e3afdbea3852416d2796907fd0d968b951e08ab5efd8071e408a25288b0bf19b38aee00a0b2700a0b',
    },
    {
      endPoint: '127.0.0.1:50168',
      groupNodeIDInfo: [{ group: 'group0', nodeIDList: [N3] }],
      p2pNodeID:
        '04b59db5c18b0ebdf20f8dbd5bfa2e00d5ee68d98abe8029785f7cb387910c4f6f6512a07363711e9cdb96c9e5595827f8cd3075e70629899891169d8b512cc140',
    },
  ],
};

const LATEST = 'ef49fef70085ec4ae736c1e82ba74e98a860a53763f2484b8254b0d08a2c6865';
const GENESIS = '47c6d9493171f62bf7201faa2e4766bbf058d95c0d76d605f965ff4b212e01f5';
const syncPeer = (nodeID: string) => ({
  archivedBlockNumber: 0,
  blockNumber: 7,
  genesisHash: GENESIS,
  latestHash: LATEST,
  nodeID,
});

/** api.md getSyncStatus: a JSON string with a trailing newline. */
export const syncStatusText =
  JSON.stringify({
    archivedBlockNumber: 0,
    blockNumber: 7,
    genesisHash: GENESIS,
    isSyncing: false,
    knownHighestNumber: 7,
    knownLatestHash: LATEST,
    latestHash: LATEST,
    nodeID: N0,
    peers: [syncPeer(N1), syncPeer(N2), syncPeer(N3)],
  }) + '\n';

/** api.md getSystemConfigByKey("tx_count_limit"). */
export const systemConfig = { blockNumber: 0, value: '1000' };

/** api.md getObserverList. */
export const observerList = [N3];

/** api.md getSealerList (3.3.0: no termWeight). */
export const sealerList = [
  { nodeID: N0, weight: 1 },
  { nodeID: N1, weight: 1 },
  { nodeID: N2, weight: 1 },
];

/** getSealerList of a ≥3.12 node: termWeight added. */
export const sealerListWithTermWeight = sealerList.map((s) => ({ ...s, termWeight: 1 }));

/** api.md getPbftView. */
export const pbftView = 3;

/** api.md getConsensusStatus: a JSON string with a trailing newline; connectedNodeList is a count. */
export const consensusStatusText =
  JSON.stringify({
    blockNumber: 7,
    changeCycle: 0,
    connectedNodeList: 4,
    consensusNodeList: [N0, N1, N2, N3].map((nodeID, index) => ({ index, nodeID, weight: 1 })),
    consensusNodesNum: 4,
    hash: LATEST,
    index: 0,
    isConsensusNode: true,
    leaderIndex: 3,
    maxFaultyQuorum: 1,
    minRequiredQuorum: 3,
    nodeID: N0,
    timeout: false,
    view: 3,
  }) + '\n';

const nodeIni =
  JSON.stringify({
    binaryInfo: {
      buildTime: '20230403 11:55:56',
      gitCommitHash: '114364de7db1ba3c0461b3813621ce7caedc4f2f',
      platform: 'Darwin/appleclang',
      version: '3.3.0',
    },
    chainID: 'chain0',
    gatewayServiceName: '',
    groupID: 'group0',
    isAuthCheck: true,
    isSerialExecute: true,
    isWasm: false,
    nodeID: N0,
    nodeName: N0,
    rpcServiceName: '',
    smCryptoType: true,
  }) + '\n';

export const nodeInfo = {
  iniConfig: nodeIni,
  microService: false,
  name: N0,
  nodeID: N0,
  protocol: { compatibilityVersion: 50528256, maxSupportedVersion: 1, minSupportedVersion: 0 },
  serviceInfo: [
    { serviceName: 'LedgerServiceObj', type: 2 },
    { serviceName: 'SchedulerServiceObj', type: 3 },
    { serviceName: 'FrontServiceObj', type: 4 },
    { serviceName: '', type: 6 },
    { serviceName: '', type: 7 },
    { serviceName: 'TxPoolServiceObj', type: 8 },
  ],
  type: 1,
};

/** api.md getGroupInfo: genesisConfig and node iniConfig are JSON strings ending in "\n". */
export const groupInfo = {
  chainID: 'chain0',
  genesisConfig:
    JSON.stringify({
      blockTxCountLimit: 1000,
      consensusLeaderPeriod: 1,
      consensusType: 'pbft',
      sealerList: [N0, N1, N2, N3].map((nodeID) => ({ nodeID, weight: 1 })),
      txGasLimit: 3000000000,
    }) + '\n',
  groupID: 'group0',
  iniConfig: '',
  nodeList: [nodeInfo],
};

/** api.md getGroupList. */
export const groupList = { code: 0, groupList: ['group0'], msg: 'success' };

/** api.md getGroupPeers. */
export const groupPeers = [N0, N1, N2, N3];

/** api.md getGroupNodeInfo("node1"): not a node name → null. */
export const groupNodeInfoUnknown = null;

/** retcode_retmsg.md: the one documented error body. */
export const txPoolIsFullBody = '{"error":{"code":10002,"message":"TxPoolIsFull"},"id":102,"jsonrpc":"2.0"}';
