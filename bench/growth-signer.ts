// Worker thread of the growth bench (devnode-growth.ts): signs set(k) transactions while the
// main thread sends the previous chunk, so signing a million transactions does not stall the
// node between chunks. Messages: a SignJob in, the signed hex transactions out.

import { parentPort } from 'node:worker_threads';
import { ecdsaSuite } from '../src/protocol/crypto/suite';
import { encodeTransaction, hashTransactionData } from '../src/protocol/transaction';
import { fromHex, toHex } from '../src/protocol/hex';

export interface SignJob {
  keys: string[];
  to: string;
  /** 4-byte selector of set(uint256), hex without 0x. */
  selector: string;
  /** Keys firstKey .. firstKey + count - 1; transaction i is signed by keys[(firstKey + i) % keys]. */
  firstKey: number;
  count: number;
  blockLimit: string;
}

const port = parentPort;
if (port !== null) {
  port.on('message', (job: SignJob) => {
    const keys = job.keys.map((k) => fromHex(k));
    const out: string[] = [];
    for (let i = 0; i < job.count; i++) {
      const k = job.firstKey + i;
      const data = {
        version: 0,
        chainID: 'chain0',
        groupID: 'group0',
        blockLimit: BigInt(job.blockLimit),
        nonce: `growth-${k}`,
        to: job.to,
        input: fromHex(job.selector + k.toString(16).padStart(64, '0')),
        abi: '',
      };
      const hash = hashTransactionData(data, ecdsaSuite);
      out.push(
        toHex(
          encodeTransaction({
            data,
            dataHash: hash,
            signature: ecdsaSuite.sign(hash, keys[k % keys.length]),
          }),
        ),
      );
    }
    port.postMessage(out);
  });
}
