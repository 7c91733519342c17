// Events view model: rows decoded from getLogs and push shapes (raw when no ABI explains a log),
// the message validation at the webview boundary, filtering, merging live pushes with a scan
// (order kept, no duplicates) and paging over 10,000 rows.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AbiCoder, id } from 'ethers';
import { EventDecoder } from '../../../src/client/events';
import { ecdsaSuite } from '../../../src/protocol/crypto/suite';
import { eventRows } from '../../../src/extension/models/eventsModel';
import { matchesRow, mergeRows, page } from '../../../src/extension/messages/eventRows';
import {
  parseEventsToHost,
  parseHostToEvents,
  type EventRow,
} from '../../../src/extension/messages/eventsMessages';

const coder = AbiCoder.defaultAbiCoder();
const ADDRESS = '0x' + '12'.repeat(20);
const decoder = new EventDecoder(
  [['event Pong(uint256 n)', 'event Named(address indexed who, string note)']],
  ecdsaSuite,
);

function log(block: number, n: number, logIndex = 0) {
  return {
    address: ADDRESS,
    blockHash: '0x' + '00'.repeat(32),
    blockNumber: '0x' + block.toString(16),
    data: coder.encode(['uint256'], [n]),
    logIndex: '0x' + logIndex.toString(16),
    removed: false,
    topics: [id('Pong(uint256)')],
    transactionHash: '0x' + block.toString(16).padStart(64, '0'),
    transactionIndex: '0x0',
  };
}

const row = (block: number, logIndex = 0): EventRow => ({
  block,
  txIndex: 0,
  logIndex,
  transactionHash: '0x' + '00'.repeat(32),
  event: 'Pong(uint256)',
  args: [{ name: 'n', value: String(block) }],
});

describe('events view model', () => {
  it('decodes getLogs and push logs; unknown ones stay raw with their topics and data', () => {
    const [a] = eventRows([log(5, 42)], decoder);
    assert.deepEqual(a, {
      block: 5,
      txIndex: 0,
      logIndex: 0,
      transactionHash: '0x' + '5'.padStart(64, '0'),
      event: 'Pong(uint256)',
      args: [{ name: 'n', value: '42' }],
    });
    const pushed = {
      ...log(6, 7),
      blockNumber: 6,
      logIndex: 1,
      transactionIndex: 2,
      address: ADDRESS.slice(2),
    };
    assert.equal(eventRows([pushed], decoder)[0].logIndex, 1);
    const unknown = eventRows([{ ...log(7, 1), topics: [id('Other()')] }], decoder)[0];
    assert.match(unknown.event, /^unknown \(0x[0-9a-f]{8}\)$/);
    assert.deepEqual(
      unknown.args.map((x) => x.name),
      ['topic0', 'data'],
    );
  });

  it('filters by event and argument text', () => {
    const r = { ...row(3), args: [{ name: 'who', value: '0xAbC' }] };
    assert.ok(matchesRow(r, { event: '', arg: 'abc' }));
    assert.ok(matchesRow(r, { event: 'Pong', arg: 'who=0xabc' }));
    assert.ok(!matchesRow(r, { event: 'Ping', arg: '' }));
    assert.ok(!matchesRow(r, { event: '', arg: 'zzz' }));
  });

  it('merges live rows into a scan in chain order without duplicates; pages 10,000 rows', () => {
    const scanned = Array.from({ length: 10_000 }, (_, i) => row(i + 1));
    const merged = mergeRows(scanned, [row(10_000), row(10_001), row(5, 1)]);
    assert.equal(merged.length, 10_002);
    assert.deepEqual(
      merged.slice(4, 7).map((r) => [r.block, r.logIndex]),
      [
        [5, 0],
        [5, 1],
        [6, 0],
      ],
    );
    const last = page(merged, 10_000, 100);
    assert.equal(last.pages, 101);
    assert.equal(last.rows.length, 2, 'an index past the end shows the last page');
    assert.equal(page(merged, 0, 100).rows.length, 100);
  });

  it('validates messages crossing the webview boundary', () => {
    assert.ok(parseEventsToHost({ type: 'query', address: ADDRESS, event: '', fromBlock: 0 }));
    assert.equal(
      parseEventsToHost({ type: 'query', address: ADDRESS, event: '', fromBlock: 5, toBlock: 2 }),
      undefined,
    );
    assert.equal(parseEventsToHost({ type: 'query', address: '0x12', event: '', fromBlock: 0 }), undefined);
    assert.equal(parseEventsToHost({ type: 'openTransaction', hash: '0x12' }), undefined);
    assert.ok(
      parseHostToEvents({
        type: 'rows',
        rows: [row(1)],
        replace: true,
        scanned: { from: 0, to: 1 },
        done: true,
      }),
    );
    assert.equal(
      parseHostToEvents({ type: 'rows', rows: [{}], replace: true, scanned: {}, done: true }),
      undefined,
    );
  });
});
