// stop() in the same turn as requests were read: each is answered in full before the connections
// and the chain close (the server's close() waits for the answers owed, server/answersDue.ts), and
// after a restart on the same --data directory the answered transaction's receipt is there.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnode } from '../../../src/devnode';
import { deployCode, RETURN_42, signedTx } from './rpc-helpers';

const OPTIONS = { port: 0, nodes: 1, accounts: 1, logLevel: 'silent' as const };

function post(id: number, method: string, params: unknown[]): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id, method, params });
  return `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The JSON bodies of the answers in `raw` (Content-Length framed), in order. */
interface Answer {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

function bodies(raw: string): Answer[] {
  const out: Answer[] = [];
  let rest = raw;
  for (;;) {
    const m = /^HTTP\/1\.1 \d+ [^\r]*\r\n(?:[^\r]*\r\n)*?Content-Length: (\d+)\r\n(?:[^\r]*\r\n)*?\r\n/.exec(
      rest,
    );
    if (!m) break;
    const start = m[0].length;
    out.push(JSON.parse(rest.slice(start, start + Number(m[1]))) as Answer);
    rest = rest.slice(start + Number(m[1]));
  }
  return out;
}

test('requests read in the turn stop() begins are answered before the chain closes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'devnode-stop-'));
  try {
    const node = await startDevnode({ ...OPTIONS, dataDir: dir });
    const raw = signedTx(node, { input: deployCode(RETURN_42) });
    // stop() begins in the very turn the server reads the requests: right after the transaction
    // (handled at once) is submitted, while the call waits in the turn's batch (turnBatch.ts).
    const submit = node.chain.submit.bind(node.chain);
    let stopping: Promise<void> | undefined;
    node.chain.submit = (tx) => {
      const committed = submit(tx);
      stopping = node.stop();
      return committed;
    };
    const socket = net.connect(node.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      post(1, 'sendTransaction', ['group0', '', raw, false]) +
        post(2, 'call', ['group0', '', '0x' + '00'.repeat(20), '0x']),
    );
    await closed;
    await stopping;
    const answers = bodies(Buffer.concat(chunks).toString('latin1'));
    assert.equal(answers.length, 2, 'both requests read before stop() are answered');
    const tx = answers[0].result as { transactionHash: string; status: number } | undefined;
    assert.ok(tx !== undefined, `the transaction is answered in full: ${JSON.stringify(answers[0])}`);
    assert.equal(tx.status, 0);
    // The call's handler was still in the turn's batch when stop() began: it runs before the
    // chain closes, and its answer is written before the connection goes.
    assert.deepEqual(answers[1].error, undefined, JSON.stringify(answers[1]));
    assert.ok(answers[1].result !== undefined);

    const again = await startDevnode({ ...OPTIONS, dataDir: dir });
    try {
      const hash = Buffer.from(tx.transactionHash.slice(2), 'hex');
      assert.ok(again.chain.getReceipt(hash) !== undefined, 'the answered receipt survives the restart');
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
