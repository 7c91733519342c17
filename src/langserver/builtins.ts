// Members the language defines rather than the workspace: the globals `msg`, `block`, `tx` and
// `abi`, members of `address`, of arrays and `bytes`, of `string`/`bytes` as types, and of
// function values. Each with the elementary type it yields, so that `msg.sender.balance` types.

export interface Builtin {
  name: string;
  /** Elementary type of the member's value (or of the call's result), when it has one. */
  type?: string;
  detail: string;
}

const table = (entries: [string, string | undefined, string][]): Builtin[] =>
  entries.map(([name, type, detail]) => ({ name, type, detail }));

export const GLOBALS: Record<string, Builtin[]> = {
  msg: table([
    ['sender', 'address', 'address msg.sender'],
    ['value', 'uint256', 'uint256 msg.value'],
    ['data', 'bytes', 'bytes calldata msg.data'],
    ['sig', 'bytes4', 'bytes4 msg.sig'],
    ['gas', 'uint256', 'uint256 msg.gas (before 0.5)'],
  ]),
  block: table([
    ['number', 'uint256', 'uint256 block.number'],
    ['timestamp', 'uint256', 'uint256 block.timestamp'],
    ['coinbase', 'address', 'address payable block.coinbase'],
    ['gaslimit', 'uint256', 'uint256 block.gaslimit'],
    ['chainid', 'uint256', 'uint256 block.chainid'],
    ['basefee', 'uint256', 'uint256 block.basefee'],
    ['difficulty', 'uint256', 'uint256 block.difficulty'],
    ['prevrandao', 'uint256', 'uint256 block.prevrandao'],
    ['blockhash', 'bytes32', 'bytes32 block.blockhash(uint256) (before 0.5)'],
  ]),
  tx: table([
    ['origin', 'address', 'address tx.origin'],
    ['gasprice', 'uint256', 'uint256 tx.gasprice'],
  ]),
  abi: table([
    ['encode', 'bytes', 'abi.encode(...) returns (bytes memory)'],
    ['encodePacked', 'bytes', 'abi.encodePacked(...) returns (bytes memory)'],
    ['encodeWithSelector', 'bytes', 'abi.encodeWithSelector(bytes4, ...) returns (bytes memory)'],
    ['encodeWithSignature', 'bytes', 'abi.encodeWithSignature(string memory, ...) returns (bytes memory)'],
    ['encodeCall', 'bytes', 'abi.encodeCall(function, (...)) returns (bytes memory)'],
    ['decode', undefined, 'abi.decode(bytes memory, (...)) returns (...)'],
  ]),
  type: table([
    ['name', 'string', 'type(C).name'],
    ['creationCode', 'bytes', 'type(C).creationCode'],
    ['runtimeCode', 'bytes', 'type(C).runtimeCode'],
    ['interfaceId', 'bytes4', 'type(I).interfaceId'],
    ['min', undefined, 'type(T).min'],
    ['max', undefined, 'type(T).max'],
  ]),
};

export const ADDRESS_MEMBERS = table([
  ['balance', 'uint256', 'uint256 balance'],
  ['code', 'bytes', 'bytes memory code'],
  ['codehash', 'bytes32', 'bytes32 codehash'],
  ['transfer', undefined, 'transfer(uint256 amount)'],
  ['send', 'bool', 'send(uint256 amount) returns (bool)'],
  ['call', undefined, 'call(bytes memory) returns (bool, bytes memory)'],
  ['delegatecall', undefined, 'delegatecall(bytes memory) returns (bool, bytes memory)'],
  ['staticcall', undefined, 'staticcall(bytes memory) returns (bool, bytes memory)'],
]);

export const ARRAY_MEMBERS = table([
  ['length', 'uint256', 'uint256 length'],
  ['push', undefined, 'push(element) / push() (storage arrays)'],
  ['pop', undefined, 'pop() (storage arrays)'],
]);

/** Members of `string` and `bytes` used as types (`string.concat(...)`). */
export const TYPE_MEMBERS: Record<string, Builtin[]> = {
  string: table([['concat', 'string', 'string.concat(...) returns (string memory)']]),
  bytes: table([['concat', 'bytes', 'bytes.concat(...) returns (bytes memory)']]),
};

export const FUNCTION_MEMBERS = table([
  ['selector', 'bytes4', 'bytes4 selector'],
  ['address', 'address', 'address of an external function'],
]);

/** Members of a value of an elementary type. */
export function elementaryMembers(name: string): Builtin[] {
  if (name === 'address') return ADDRESS_MEMBERS;
  if (name === 'bytes') return ARRAY_MEMBERS;
  if (/^bytes\d+$/.test(name)) return [ARRAY_MEMBERS[0]];
  return [];
}
