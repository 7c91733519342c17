// The methods of the real node's Web3 service (bcos-rpc web3jsonrpc/endpoints: EndpointsMapping.cpp,
// EthEndpoint.cpp, NetEndpoint.cpp, Web3Endpoint.cpp), with its answers, stubs included.

import { keccak_256 } from '@noble/hashes/sha3.js';
import { fromHex, toHex } from '../../protocol/hex';
import { KEY_TX_GAS_PRICE, KEY_WEB3_CHAIN_ID } from '../../protocol/builtin/sysconfig';
import { statusName, TransactionStatus } from '../../protocol/rpc/status';
import { TxRejected, type CallOutcome } from '../chain/types';
import { checkBlockRange, parseFilterId, parseFilterRequest } from '../rpc/filters';
import { RpcError } from '../rpc/errors';
import type { JsonValue } from '../rpc/json';
import { BINARY_INFO } from '../group/constants';
import { formatBlock, formatReceipt, formatTransaction, quantity } from './format';
import { Web3DecodeError, web3ToFisco } from './tx';
import {
  addressParam,
  blockByTag,
  callRequest,
  configNumber,
  fromQuantity,
  hashParam,
  InternalError,
  InvalidParams,
  logsJson,
  type Method,
  MethodNotFound,
  Params,
  Web3DefaultError,
  Web3Error,
  type Web3Context,
} from './params';

/**
 * eth_call and eth_estimateGas: the request checked as EthEndpoint::call checks it, `run` on its
 * target, data and sender, and a failure answered with its status as the code.
 */
async function runCall<T extends CallOutcome>(
  p: Params,
  ctx: Web3Context,
  run: (to: string, data: Uint8Array, from: string | undefined) => Promise<T>,
): Promise<T> {
  const call = callRequest(p.raw(0));
  blockByTag(ctx.chain, p.str(1));
  let to = '';
  if (call.to !== '') {
    const body = addressParam(call.to);
    if (!/^0x[0-9a-f]{40}$/.test(body)) throw new Web3Error(InternalError, `invalid address ${call.to}`);
    to = body;
  }
  const from = call.from !== undefined && /^0x[0-9a-fA-F]{40}$/.test(call.from) ? call.from : undefined;
  const outcome = await run(to, call.data, from);
  if (outcome.status !== TransactionStatus.None) {
    // EthEndpoint::call: the status as the code, the execution's message and the output as data.
    // An EVM revert leaves the message empty (TransactionExecutive::parseEVMCResult); for other
    // failures the devnode's executor keeps no message text and gives the status name.
    const message = outcome.status === TransactionStatus.RevertInstruction ? '' : statusName(outcome.status);
    throw new Web3Error(outcome.status, message, toHex(outcome.output));
  }
  return outcome;
}

function blockOrNull(ctx: Web3Context, n: number, full: boolean): JsonValue {
  const block = ctx.chain.getBlockByNumber(n);
  return block === undefined ? null : formatBlock(block, full);
}

function filterError(e: unknown): never {
  // Web3FilterRequest / Web3FilterSystem answer invalid params with -32000, not -32602.
  if (e instanceof RpcError && e.code === InvalidParams) throw new Web3Error(Web3DefaultError, e.message);
  if (e instanceof RpcError) throw new Web3Error(e.code, e.message);
  throw e;
}

function filterRequest(v: JsonValue) {
  try {
    return parseFilterRequest(v);
  } catch (e) {
    filterError(e);
  }
}

const stub =
  (result: JsonValue, note: string): Method =>
  (_p, ctx) => {
    ctx.warn(note);
    return result;
  };

export const web3Methods: Record<string, Method> = {
  eth_protocolVersion: () => {
    throw new Web3Error(MethodNotFound, 'This API has not been implemented yet!');
  },
  eth_syncing: () => false,
  eth_coinbase: (_p, ctx) => ctx.coinbase,
  eth_chainId: (_p, ctx) => quantity(configNumber(ctx.chain, KEY_WEB3_CHAIN_ID, 10) ?? 0n),
  eth_mining: () => false,
  eth_hashrate: () => '0x0',
  eth_gasPrice: (_p, ctx) => quantity(configNumber(ctx.chain, KEY_TX_GAS_PRICE, 16) ?? 0n),
  eth_accounts: () => [],
  eth_blockNumber: (_p, ctx) => quantity(ctx.chain.blockNumber()),
  // EthEndpoint::getBalance (bcos-rpc web3jsonrpc/endpoints/EthEndpoint.cpp) reads the account
  // table's balance field, 0 when absent: the chain state BalancePrecompiled, BALANCE and value
  // transfers use, where the genesis state funds the dev accounts (Ledger::buildGenesisBlock).
  eth_getBalance: async (p, ctx) => {
    blockByTag(ctx.chain, p.str(1));
    return quantity(await ctx.chain.balance(addressParam(p.str(0))));
  },
  eth_getStorageAt: async (p, ctx) => {
    blockByTag(ctx.chain, p.str(2));
    const position = p.str(1).replace(/^0x/, '');
    const slot = new Uint8Array(32);
    const bytes = /^[0-9a-fA-F]*$/.test(position)
      ? fromHex(position.length % 2 ? '0' + position : position)
      : slot;
    slot.set(bytes.subarray(Math.max(0, bytes.length - 32)), 32 - Math.min(32, bytes.length));
    const address = addressParam(p.str(0));
    if (!/^0x[0-9a-f]{40}$/.test(address)) return '0x' + '0'.repeat(64);
    return toHex(await ctx.chain.getStorageAt(address, slot));
  },
  eth_getTransactionCount: (p, ctx) => {
    const address = addressParam(p.str(0));
    const tag = p.str(1);
    blockByTag(ctx.chain, tag);
    if (!/^0x[0-9a-f]{40}$/.test(address)) return '0x0';
    if (tag === 'pending') {
      const pending = ctx.chain.pendingWeb3Nonce(address);
      if (pending !== undefined) return quantity(pending);
    }
    return quantity(ctx.chain.web3Nonce(address) ?? 0n);
  },
  eth_getBlockTransactionCountByHash: (p, ctx) => {
    const hash = hashParam(p.str(0));
    const block = hash === undefined ? undefined : ctx.chain.getBlockByHash(hash);
    return quantity(block?.transactions.length ?? 0);
  },
  eth_getBlockTransactionCountByNumber: (p, ctx) => {
    // fromQuantity of a tag throws inside the handler's catch-all: "0x0".
    try {
      const block = ctx.chain.getBlockByNumber(fromQuantity(p.str(0)));
      return quantity(block?.transactions.length ?? 0);
    } catch {
      return '0x0';
    }
  },
  eth_getUncleCountByBlockHash: () => '0x0',
  eth_getUncleCountByBlockNumber: () => '0x0',
  eth_getCode: async (p, ctx) => {
    blockByTag(ctx.chain, p.str(1));
    const address = addressParam(p.str(0));
    if (!/^0x[0-9a-f]{40}$/.test(address)) return '0x';
    return toHex(await ctx.chain.getCode(address));
  },
  eth_sign: stub('0x00', 'eth_sign is a stub on FISCO BCOS nodes: it answers 0x00 and signs nothing'),
  eth_signTransaction: stub(
    '0x00',
    'eth_signTransaction is a stub on FISCO BCOS nodes: it answers 0x00 and signs nothing',
  ),
  eth_sendTransaction: stub(
    ZERO_HASH(),
    'eth_sendTransaction is a stub on FISCO BCOS nodes: it answers a zero hash and sends nothing; sign locally and use eth_sendRawTransaction',
  ),
  eth_sendRawTransaction: async (p, ctx) => {
    let submission;
    try {
      submission = web3ToFisco(p.str(0));
    } catch (e) {
      if (e instanceof Web3DecodeError) throw new Web3Error(InvalidParams, e.message);
      throw e;
    }
    // rpc TxValidator::checkSenderBalance: a sender without balance, or with less than the value,
    // is refused before the pool.
    const balance = await ctx.chain.balance(submission.sender);
    if (balance === 0n || balance < submission.value)
      throw new Web3Error(InvalidParams, statusName(TransactionStatus.InsufficientFunds));
    const committed = ctx.chain.submit(submission.raw);
    committed.catch((e: unknown) => {
      if (!(e instanceof TxRejected)) return;
      ctx.warn(`web3 transaction ${submission.hash} dropped from the pool: ${e.message}`);
    });
    // web3_rpc.sync_transaction is false by default: the node answers once the pool accepted the
    // transaction. A pool rejection is thrown synchronously into an already rejected promise,
    // which wins this race; a pending promise loses it.
    const accepted = Symbol('accepted');
    try {
      await Promise.race([committed, Promise.resolve(accepted)]);
    } catch (e) {
      // A txpool status becomes bcos::Error(status, toString(status)) → InternalError.
      if (e instanceof TxRejected) throw new Web3Error(InternalError, statusName(e.code));
      throw e;
    }
    return submission.hash;
  },
  // The node answers both through SchedulerImpl::call, a static call. eth_call with a target
  // runs as the node RPC's `call` (static, nothing kept). eth_estimateGas, and eth_call without
  // a target (a simulated deployment, which `call` cannot take), run writes and discard them
  // (README: so that a state-changing transaction or a deployment can be estimated).
  eth_call: async (p, ctx) => {
    const outcome = await runCall(p, ctx, (to, data, from) =>
      to === '' ? ctx.chain.simulate(to, data, from) : ctx.chain.call(to, data, from),
    );
    return toHex(outcome.output);
  },
  eth_estimateGas: async (p, ctx) =>
    quantity((await runCall(p, ctx, (to, data, from) => ctx.chain.simulate(to, data, from))).gasUsed),
  eth_getBlockByHash: (p, ctx) => {
    const hash = hashParam(p.str(0));
    const block = hash === undefined ? undefined : ctx.chain.getBlockByHash(hash);
    return block === undefined ? null : formatBlock(block, p.bool(1));
  },
  eth_getBlockByNumber: (p, ctx) => {
    let n: number;
    try {
      n = blockByTag(ctx.chain, p.str(0));
    } catch {
      return null;
    }
    return blockOrNull(ctx, n, p.bool(1));
  },
  eth_getTransactionByHash: (p, ctx) => {
    const hash = hashParam(p.str(0));
    const st = hash === undefined ? undefined : ctx.chain.getTransaction(hash);
    if (st === undefined) return null;
    const block = ctx.chain.getBlockByNumber(st.blockNumber)!;
    return formatTransaction(st, block.hash);
  },
  eth_getTransactionByBlockHashAndIndex: (p, ctx) => {
    const index = fromQuantity(p.str(1));
    const hash = hashParam(p.str(0));
    const block = hash === undefined ? undefined : ctx.chain.getBlockByHash(hash);
    // "number <= 0": the genesis block is never searched.
    if (block === undefined || block.header.blockNumber <= 0 || index >= block.transactions.length)
      return null;
    return formatTransaction(block.transactions[index], block.hash);
  },
  eth_getTransactionByBlockNumberAndIndex: (p, ctx) => {
    const index = fromQuantity(p.str(1));
    const block = ctx.chain.getBlockByNumber(blockByTag(ctx.chain, p.str(0)));
    if (block === undefined || index >= block.transactions.length) return null;
    return formatTransaction(block.transactions[index], block.hash);
  },
  eth_getTransactionReceipt: (p, ctx) => {
    const hash = hashParam(p.str(0));
    const st = hash === undefined ? undefined : ctx.chain.getTransaction(hash);
    if (st === undefined) return null;
    return formatReceipt(ctx.chain.getBlockByNumber(st.blockNumber)!, st.index);
  },
  // UncleByBlock*: the node answers the *string* "null".
  eth_getUncleByBlockHashAndIndex: () => 'null',
  eth_getUncleByBlockNumberAndIndex: () => 'null',
  eth_newFilter: (p, ctx) => {
    const request = filterRequest(p.raw(0));
    if (!checkBlockRange(request)) throw new Web3Error(Web3DefaultError, 'invalid block range params');
    return ctx.filters.add('', 'logs', request);
  },
  eth_newBlockFilter: (_p, ctx) => ctx.filters.add('', 'blocks'),
  eth_newPendingTransactionFilter: (_p, ctx) => ctx.filters.add('', 'pending'),
  eth_uninstallFilter: (p, ctx) => ctx.filters.remove('', parseFilterId(p.str(0))),
  eth_getFilterChanges: (p, ctx) => {
    const filter = ctx.filters.get('', parseFilterId(p.str(0)));
    if (!filter) throw new Web3Error(Web3DefaultError, 'filter not found');
    // Merge fix (main's web3 × hyg's JSON typing): filter changes are the node's JSON log objects.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    return ctx.filters.changes(filter) as JsonValue[];
  },
  eth_getFilterLogs: (p, ctx) => {
    const filter = ctx.filters.get('', parseFilterId(p.str(0)));
    if (!filter || filter.kind !== 'logs') throw new Web3Error(Web3DefaultError, 'filter not found');
    try {
      return logsJson(ctx.filters.logs({ ...filter.request! }, false));
    } catch (e) {
      filterError(e);
    }
  },
  eth_getLogs: (p, ctx) => {
    const request = filterRequest(p.raw(0));
    try {
      return logsJson(ctx.filters.logs(request, true));
    } catch (e) {
      filterError(e);
    }
  },
  eth_maxPriorityFeePerGas: () => '0x0',
  net_version: (_p, ctx) => quantity(configNumber(ctx.chain, KEY_WEB3_CHAIN_ID, 10) ?? 20200n),
  net_listening: () => true,
  // sync->getPeerStatus().size(): a JSON number, not a quantity.
  net_peerCount: (_p, ctx) => Math.max(0, ctx.chain.nodes.length - 1),
  web3_clientVersion: () =>
    `FISCO-BCOS-Web3RPC/${BINARY_INFO.version}-Release/${BINARY_INFO.platform}/${BINARY_INFO.gitCommitHash}`,
  web3_sha3: (p) => {
    let bytes: Uint8Array;
    try {
      bytes = fromHex(p.str(0));
    } catch {
      bytes = new Uint8Array(0);
    }
    return toHex(keccak_256(bytes));
  },
};

function ZERO_HASH(): string {
  return '0x' + '0'.repeat(64);
}
