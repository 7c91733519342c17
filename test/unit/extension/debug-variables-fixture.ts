// Shared by the variable-decoding debugger tests: a contract with value types, strings, bytes,
// arrays, a struct and mappings, compiled with real solc (the bundled 0.8.x and 0.6.10) asking for
// the AST and storage layout, deployed on an in-process devnode chain and traced by the devnode.

import { Interface } from 'ethers';
import { fromHex } from '../../../src/protocol/hex';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { newChain, signedTx } from '../devnode/chain-fixtures';
import { withoutMetadata } from '../../../src/extension/debug/compiledCode';
import type { CodeSource, SourceLookup, Trace } from '../../../src/extension/debug/traceModel';
import { compileSource } from './debug-fixture';
import type { CreationVariableLookup } from '../../../src/extension/debug/variables/frameVariables';

export const VARS_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0 <0.9.0;

contract Vars {
    enum Kind { None, Small, Big }
    struct Item { uint64 id; bool active; address owner; string label; }
    uint256 public count;
    bool public flag;
    Kind public kind;
    address public owner;
    bytes4 public tag;
    int32 public delta;
    string public name;
    bytes public blob;
    uint256[] public list;
    uint16[3] public trio;
    mapping(address => uint256) public balances;
    mapping(uint256 => Item) public items;
    Item public last;

    function run(uint256 amount, address to, string memory note) public returns (uint256 total) {
        uint256 before = count;
        bool big = amount > 10;
        Kind k = big ? Kind.Big : Kind.Small;
        uint256[] memory tmp = new uint256[](2);
        tmp[0] = amount;
        tmp[1] = before;
        count = before + amount;
        flag = big; kind = k; owner = to; tag = bytes4(0x12345678); delta = -5;
        name = note;
        blob = hex"01020304";
        list.push(amount);
        list.push(7);
        trio[1] = 9;
        balances[to] += amount;
        balances[msg.sender] += 1;
        items[amount] = Item(uint64(amount), true, to, "short");
        last = items[amount];
        total = count + tmp[1];
        total += helper(amount, tmp);
    }

    function helper(uint256 x, uint256[] memory arr) internal pure returns (uint256 r) {
        uint256 sum = x;
        for (uint256 i = 0; i < arr.length; i++) {
            uint256 sq = arr[i] * 2;
            sum += sq;
        }
        r = sum;
    }

    function poke() public {
        count += 1;
    }
}
`;

/** Modifiers, calldata arguments, storage pointers, memory structs, nested and string-keyed mappings. */
export const MORE_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0 <0.9.0;

contract More {
    struct P { uint128 a; uint128 b; string s; }
    mapping(address => mapping(uint256 => uint256)) public nested;
    mapping(string => uint256) public named;
    P[] public ps;
    uint256 public total;

    modifier positive(uint256 v) {
        require(v > 0, "zero");
        uint256 doubled = v * 2;
        _;
        total += doubled;
    }

    function ext(uint256[] calldata xs, string calldata label) external positive(xs.length) returns (uint256 sum) {
        P memory p = P(1, 2, label);
        for (uint256 i = 0; i < xs.length; i++) sum += xs[i];
        nested[msg.sender][sum] = 5;
        nested[msg.sender][1] = 6;
        named[label] = sum;
        ps.push(p);
        P storage last = ps[ps.length - 1];
        last.b = 9;
        sum += p.a;
    }
}
`;

/** A constructor with arguments and a local (run by the creation code). */
export const MADE_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0 <0.9.0;

contract Made {
    uint256 public count;
    string public name;

    constructor(uint256 start, string memory label) public {
        uint256 local = start * 2;
        count = local;
        name = label;
    }
}
`;

/** Lines of MADE_SOURCE (1-based). */
export const MADE_LINE = { local: 9, count: 10, name: 11 };

/** Lines of MORE_SOURCE (1-based). */
export const MORE_LINE = {
  doubled: 13,
  placeholder: 14,
  totalAdd: 15,
  firstBody: 19,
  loop: 20,
  lastLine: 27,
};

/** Lines of VARS_SOURCE (1-based). */
export const VARS_LINE = { before: 22, totalAssign: 39, helperCall: 40, loopSum: 47, helperR: 49, poke: 53 };

export interface VarsBuild {
  abi: unknown[];
  bytecode: Uint8Array;
  lookup: SourceLookup;
  /** Creation code's source map and variables, for init code starting with the bytecode. */
  creation: CreationVariableLookup;
  /** The creation code's source map and sources, for the trace model's constructor locations. */
  creationSource: CodeSource & { bytecode: string };
}

export function compileVars(
  pkg: 'solc' | 'solc-0.6.10',
  source = VARS_SOURCE,
  contract = 'Vars',
  viaIR = false,
): VarsBuild {
  const out = compileSource(pkg, 'Source.sol', source, viaIR);
  const sources = new Map([[out.sources['Source.sol'].id, { name: 'Source.sol', content: source }]]);
  const asts = [out.sources['Source.sol'].ast];
  const c = out.contracts['Source.sol'][contract];
  const entry: CodeSource = {
    contract,
    sourceMap: c.evm.deployedBytecode.sourceMap,
    sources,
    variables: { asts, storageLayout: c.storageLayout, viaIR },
  };
  const key = withoutMetadata(c.evm.deployedBytecode.object);
  const creationSource = { ...entry, sourceMap: c.evm.bytecode.sourceMap, bytecode: c.evm.bytecode.object };
  return {
    abi: c.abi,
    bytecode: fromHex(c.evm.bytecode.object),
    lookup: (code) => (withoutMetadata(code) === key ? entry : undefined),
    creation: (init) =>
      init.replace(/^0x/, '').startsWith(c.evm.bytecode.object) ? creationSource : undefined,
    creationSource,
  };
}

export interface VarsDeployed {
  chain: DevChain;
  address: string;
  sender: string;
  iface: Interface;
  traceTx(data: string): Promise<{ trace: Trace; status: number }>;
}

/** Deploys `build` with constructor arguments and traces the deployment. */
export async function traceDeploy(
  build: VarsBuild,
  args: unknown[],
): Promise<{ chain: DevChain; trace: Trace; status: number }> {
  const chain = await newChain();
  const encoded = new Interface(build.abi as never).encodeDeploy(args);
  const input = new Uint8Array([...build.bytecode, ...fromHex(encoded)]);
  const { raw, hash } = signedTx(chain, chain.accounts[0].privateKey, { input });
  await chain.submit(raw);
  const t = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
  return { chain, trace: t.trace, status: t.status };
}

export async function deployVars(build: VarsBuild): Promise<VarsDeployed> {
  const chain = await newChain();
  const key = chain.accounts[0].privateKey;
  const d = await chain.submit(signedTx(chain, key, { input: build.bytecode }).raw);
  if (d.receipt.data.status !== 0) throw new Error(`deploy failed: ${d.receipt.data.status}`);
  const address = '0x' + d.receipt.data.contractAddress;
  return {
    chain,
    address,
    sender: chain.accounts[0].address,
    iface: new Interface(build.abi as never),
    async traceTx(data) {
      const { raw, hash } = signedTx(chain, key, { to: address, input: fromHex(data) });
      await chain.submit(raw);
      const t = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
      return { trace: t.trace, status: t.status };
    },
  };
}
