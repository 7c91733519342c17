// Events view rows from logs: decoded with every ABI the extension knows for the contract (the
// workspace deployment, the chain's getABI), raw when none explains a log. Pure.

import { EventDecoder, formatEventValue, type AnyLog } from '../../client/events';
import type { EventRow } from '../messages/eventsMessages';

function quantity(v: string | number): number {
  return typeof v === 'number' ? v : Number(BigInt(v));
}

/** getLogs ("0x1a" quantities) and event pushes (numbers) share these fields. */
type Positioned = AnyLog & {
  blockNumber: string | number;
  logIndex: string | number;
  transactionIndex: string | number;
  transactionHash: string;
};

export function eventRows(logs: readonly Positioned[], decoder: EventDecoder): EventRow[] {
  return logs.map((log) => {
    const d = decoder.decode(log);
    const base = {
      block: quantity(log.blockNumber),
      txIndex: quantity(log.transactionIndex),
      logIndex: quantity(log.logIndex),
      transactionHash: log.transactionHash,
    };
    if (!d.name || !d.args)
      return {
        ...base,
        event: `unknown (${(log.topics[0] ?? '0x').slice(0, 10)})`,
        args: [
          ...log.topics.map((t, i) => ({ name: `topic${i}`, value: t })),
          { name: 'data', value: log.data },
        ],
      };
    return {
      ...base,
      event: d.signature ?? d.name,
      args: (d.argNames ?? []).map((name, i) => ({
        name: name || String(i),
        value: formatEventValue(d.args![i]),
      })),
    };
  });
}
