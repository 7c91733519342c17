// Running a validated call file against a ChainApi: resolve the contract (address or BFS link) and
// its ABI, call or send, decode outputs, events and reverts; and the outcome as output-channel text.

import { id } from 'ethers';
import type { ChainApi, Signer } from '../chain/chainApi';
import { codecFor } from '../chain/contractCodec';
import { parseAbi, type DecodedEvent, type DecodedValue } from '../models/abiCodec';
import { describeReceiptStatus, statusName } from '../models/txStatus';
import { decodeRevert } from '../../client/abi';
import { cryptoSuite } from '../../protocol/crypto/suite';
import { ADDRESS, checkArity, findFunction, type CallFileSpec } from './callFile';
import { bigintAsText } from './callFileJson';

export interface CallFileDeps {
  api: ChainApi;
  /** Required when the file sends a transaction; for calls its address is the caller. */
  signer?: Signer;
  /** The workspace's ABI for an address (deployments), tried after getABI. */
  workspaceAbi?: (address: string) => string | undefined;
}

export interface CallFileOutcome {
  ok: boolean;
  mode: 'call' | 'send';
  address: string;
  bfsPath?: string;
  signature: string;
  args: unknown[];
  outputs: DecodedValue[];
  events: (DecodedEvent | { name: string; address: string; topics: string[]; data: string })[];
  /** "Success", or why it failed (decoded revert). */
  message: string;
  status?: number;
  transactionHash?: string;
  blockNumber?: number;
  gasUsed?: string;
  from?: string;
}

/** Where the ABI came from is part of the error when there is none. */
async function resolveAbi(
  spec: CallFileSpec,
  api: ChainApi,
  address: string,
  workspaceAbi?: (a: string) => string | undefined,
): Promise<string> {
  if (spec.abi) return JSON.stringify(spec.abi);
  const onChain = await api.abiOf(address).catch(() => '');
  if (onChain && onChain.trim() && onChain.trim() !== '[]' && parseAbi(onChain)) return onChain;
  const local = workspaceAbi?.(address);
  if (local && parseAbi(local)) return local;
  throw new Error(
    `No ABI for ${address}: the chain has none stored (getABI) and the workspace has no deployment of it. Add "abi" to the call file.`,
  );
}

/** Runs a validated call file: resolves the contract and ABI, then calls or sends. */
export async function executeCallFile(spec: CallFileSpec, deps: CallFileDeps): Promise<CallFileOutcome> {
  const { api, signer } = deps;
  let address = spec.address;
  if (!address) {
    const target = await api.bfsReadlink(spec.bfsPath!).catch((err: Error) => {
      throw new Error(`Could not resolve ${spec.bfsPath} in BFS: ${err.message}`);
    });
    if (
      !target ||
      !ADDRESS.test(target.startsWith('0x') ? target : `0x${target}`) ||
      /^(0x)?0{40}$/.test(target)
    )
      throw new Error(`${spec.bfsPath} is not a contract link in BFS.`);
    address = target.startsWith('0x') ? target : `0x${target}`;
  }
  address = address.toLowerCase();
  const abi = await resolveAbi(spec, api, address, deps.workspaceAbi);
  const codec = await codecFor(api, address, abi);
  const f = findFunction(codec, spec.method);
  checkArity(f, spec.args);
  const signature = f.format('sighash');
  const data = codec.encodeCall(signature, spec.args);
  const mode: 'call' | 'send' = spec.send ? 'send' : 'call';
  const base = {
    mode,
    address,
    ...(spec.bfsPath ? { bfsPath: spec.bfsPath } : {}),
    signature,
    args: spec.args,
    outputs: [] as DecodedValue[],
    events: [] as CallFileOutcome['events'],
  };
  const keccak = codec.selector(signature) === id(signature).slice(0, 10).toLowerCase();
  const suite = cryptoSuite(api.sm && !keccak);
  const reason = (r: { status: number; output?: string; message?: string }) => {
    const revert = r.output && r.output !== '0x' ? decodeRevert(r.output, suite, abi).message : '';
    return r.status === 16
      ? revert || describeReceiptStatus(r)
      : `${statusName(r.status)} (${r.status})${revert ? `: ${revert}` : r.message ? `: ${r.message}` : ''}`;
  };
  if (mode === 'call') {
    const r = await api.call(address, data, signer?.address);
    if (r.status !== 0)
      return { ...base, ok: false, status: r.status, blockNumber: r.blockNumber, message: reason(r) };
    return {
      ...base,
      ok: true,
      status: 0,
      blockNumber: r.blockNumber,
      outputs: codec.decodeOutput(signature, r.output),
      message: 'Success',
    };
  }
  if (!signer)
    throw new Error('Sending a transaction needs an account: set "from" or select an active account.');
  const receipt = await api.send(signer, address, data, abi);
  const events = (receipt.logEntries ?? []).map(
    (l) =>
      codec.decodeEvent(l.topics, l.data) ?? {
        name: 'unknown event',
        address: l.address,
        topics: l.topics,
        data: l.data,
      },
  );
  const ok = receipt.status === 0;
  let outputs: DecodedValue[] = [];
  if (ok && receipt.output && receipt.output !== '0x') {
    try {
      outputs = codec.decodeOutput(signature, receipt.output);
    } catch {
      outputs = [{ name: 'output', type: 'bytes', value: receipt.output }];
    }
  }
  return {
    ...base,
    ok,
    outputs,
    events,
    status: receipt.status,
    transactionHash: receipt.transactionHash,
    blockNumber: receipt.blockNumber,
    gasUsed: String(receipt.gasUsed),
    from: signer.address,
    message: ok ? 'Success' : reason(receipt),
  };
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, bigintAsText));

/** The outcome as lines for the output channel. */
export function formatOutcome(o: CallFileOutcome, title?: string): string {
  const lines: string[] = [];
  const target = o.bfsPath ? `${o.bfsPath} (${o.address})` : o.address;
  lines.push(
    `${title ? `${title}: ` : ''}${o.mode === 'send' ? 'sent' : 'called'} ${o.signature} on ${target}${o.args.length ? ` with ${show(o.args)}` : ''}`,
  );
  lines.push(
    `  ${o.ok ? '✓' : '✗'} ${o.message}${o.blockNumber !== undefined ? ` · block ${o.blockNumber}` : ''}${o.gasUsed !== undefined ? ` · gas ${o.gasUsed}` : ''}`,
  );
  if (o.transactionHash) lines.push(`  transaction ${o.transactionHash}${o.from ? ` from ${o.from}` : ''}`);
  o.outputs.forEach((v, i) => lines.push(`  ${v.name || `output${i}`} (${v.type}) = ${show(v.value)}`));
  for (const e of o.events) {
    if ('args' in e)
      lines.push(`  event ${e.signature}: ${e.args.map((a) => `${a.name}=${show(a.value)}`).join(', ')}`);
    else
      lines.push(`  event from ${e.address} (not in the ABI): topics ${e.topics.join(', ')} data ${e.data}`);
  }
  return lines.join('\n');
}
