// Builds the block/transaction detail view models from node JSON: header fields, sealer and
// signatures, transactions with decoded input, receipts with status text, events and revert
// reason. Undecodable data degrades to raw hex. Pure.

import type { BlockJson, ReceiptJson, TransactionJson } from '../chain/chainApi';
import type { ArgView, BlockView, EventView, FieldView, TransactionView } from '../messages/blockMessages';
import type { ContractCodec, DecodedValue } from './abiCodec';
import { decodeRevertReason, describeReceiptStatus } from './txStatus';

/** Finds a codec for a contract address (chain getABI, workspace deployments); undefined if none. */
export type CodecLookup = (address: string) => ContractCodec | undefined;

const argView = (d: DecodedValue): ArgView => ({
  name: d.name,
  type: d.type,
  value: JSON.stringify(d.value),
});

function withPrefix(a: string): string {
  return a && !a.startsWith('0x') ? `0x${a}` : a;
}

/**
 * Nodes return the nonce as hex of the nonce string's bytes (the SDKs send decimal text): shows the
 * text with the hex beside it, or the value unchanged when it is not printable text.
 */
export function nonceText(nonce: string): string {
  const hex = (nonce ?? '').replace(/^0x/i, '');
  if (!hex || hex.length % 2 || !/^[0-9a-fA-F]+$/.test(hex)) return nonce;
  let text = '';
  for (let i = 0; i < hex.length; i += 2) {
    const c = parseInt(hex.slice(i, i + 2), 16);
    if (c < 0x20 || c > 0x7e) return nonce;
    text += String.fromCharCode(c);
  }
  return `${text} (0x${hex.toLowerCase()})`;
}

/** Block header version 0x03100400 → "3.16.4 (51381248 = 0x03100400)"; small numbers stay as they are. */
export function blockVersionText(version: number | string): string {
  const v = Number(version);
  if (!Number.isInteger(v) || v < 0x01000000 || v > 0xffffffff) return String(version);
  return `${v >>> 24}.${(v >>> 16) & 0xff}.${(v >>> 8) & 0xff} (${v} = 0x${v.toString(16).padStart(8, '0')})`;
}

export function transactionView(
  tx: TransactionJson,
  index: number,
  receipt: ReceiptJson | undefined,
  codecs: CodecLookup,
): TransactionView {
  const isDeploy = !tx.to;
  const target = isDeploy ? (receipt?.contractAddress ?? '') : tx.to;
  const codec = target ? codecs(target) : undefined;
  let method = isDeploy
    ? 'deploy'
    : tx.input.length >= 10
      ? `unknown (${tx.input.slice(0, 10)})`
      : 'no input';
  let args: ArgView[] = [];
  let outputs: ArgView[] = [];
  if (!isDeploy && codec) {
    const call = codec.decodeInput(tx.input);
    if (call) {
      method = call.signature;
      args = call.args.map(argView);
      if (receipt && receipt.status === 0 && receipt.output && receipt.output !== '0x') {
        try {
          outputs = codec.decodeOutput(call.signature, receipt.output).map(argView);
        } catch {
          outputs = [{ name: 'output', type: 'bytes', value: JSON.stringify(receipt.output) }];
        }
      }
    }
  }
  const fields: FieldView[] = [
    { label: 'Hash', value: tx.hash, link: { kind: 'transaction', id: tx.hash } },
    { label: 'From', value: tx.from },
    { label: 'To', value: tx.to || '(contract creation)' },
    { label: 'Nonce', value: nonceText(tx.nonce) },
    { label: 'Block Limit', value: String(tx.blockLimit) },
    { label: 'Chain / Group', value: `${tx.chainID} / ${tx.groupID}` },
    { label: 'Imported', value: tx.importTime ? new Date(tx.importTime).toISOString() : '' },
    { label: 'Version', value: String(tx.version) },
  ];
  if (receipt)
    fields.push({
      label: 'Block',
      value: String(receipt.blockNumber),
      link: { kind: 'block', id: String(receipt.blockNumber) },
    });
  const view: TransactionView = {
    hash: tx.hash,
    index,
    from: tx.from,
    to: tx.to,
    method,
    args,
    rawInput: tx.input,
    fields,
  };
  if (receipt) {
    const events: EventView[] = (receipt.logEntries ?? []).map((log) => {
      const address = withPrefix(log.address);
      const decoded = codecs(address)?.decodeEvent(log.topics, log.data);
      return decoded
        ? { address, name: decoded.signature, args: decoded.args.map(argView) }
        : { address, name: 'unknown event', args: [], raw: { topics: log.topics, data: log.data } };
    });
    view.receipt = {
      ok: receipt.status === 0,
      statusText: describeReceiptStatus(receipt),
      gasUsed: receipt.gasUsed,
      contractAddress: receipt.contractAddress || undefined,
      output: outputs,
      revertReason: receipt.status !== 0 ? decodeRevertReason(receipt.output) : undefined,
      events,
    };
  }
  return view;
}

export function blockView(
  block: BlockJson,
  receipts: Map<string, ReceiptJson>,
  codecs: CodecLookup,
  latest: number,
): BlockView {
  const sealer = block.sealerList[block.sealer] ?? `index ${block.sealer}`;
  const parent = block.parentInfo?.[0];
  const fields: FieldView[] = [
    { label: 'Number', value: String(block.number) },
    { label: 'Hash', value: block.hash },
    { label: 'Timestamp', value: `${new Date(block.timestamp).toISOString()} (${block.timestamp})` },
    {
      label: 'Parent',
      value: parent ? `${parent.blockNumber} · ${parent.blockHash}` : '(genesis)',
      ...(parent ? { link: { kind: 'block' as const, id: String(parent.blockNumber) } } : {}),
    },
    { label: 'Gas Used', value: block.gasUsed },
    { label: 'Transactions', value: String(block.transactions?.length ?? 0) },
    { label: 'State Root', value: block.stateRoot },
    { label: 'Transactions Root', value: block.txsRoot },
    { label: 'Receipts Root', value: block.receiptsRoot },
    { label: 'Consensus Weights', value: (block.consensusWeights ?? []).join(', ') },
    { label: 'Version', value: blockVersionText(block.version) },
  ];
  const transactions = (block.transactions ?? [])
    .filter((t): t is TransactionJson => typeof t === 'object')
    .map((tx, i) => transactionView(tx, i, receipts.get(tx.hash), codecs));
  return {
    kind: 'block',
    number: block.number,
    hash: block.hash,
    fields,
    sealer,
    signatures: (block.signatureList ?? []).map((s) => ({
      sealer: block.sealerList[s.sealerIndex] ?? `index ${s.sealerIndex}`,
      signature: s.signature.toLowerCase(),
    })),
    transactions,
    hasParent: block.number > 0,
    hasNext: block.number < latest,
  };
}
