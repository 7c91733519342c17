// The dev node's MSTORE handler (src/devnode/evm/fastMstore.ts) must write exactly what
// @ethereumjs/evm's own does: the same program runs on an EVM with it and on one without, and the
// memory it returns and the gas it used are compared, for words across the whole uint256 range
// and offsets that expand memory past the interpreter's first 8 KiB.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { toHex } from '../../../src/protocol/hex';
import { installFastMstore } from '../../../src/devnode/evm/fastMstore';
import { uint256Bytes as wordBytes } from '../../../src/protocol/hex';
import { opcodeMapOf } from '../../../src/devnode/evm/ethereumjsInternals';

const hex = (n: bigint, bytes: number) => n.toString(16).padStart(bytes * 2, '0');

/** PUSH32 word PUSH2 offset MSTORE PUSH2 size PUSH1 0 RETURN. */
function program(word: bigint, offset: number): Uint8Array {
  const size = offset + 40;
  return Buffer.from(`7f${hex(word, 32)}61${hex(BigInt(offset), 2)}5261${hex(BigInt(size), 2)}6000f3`, 'hex');
}

async function evm(fast: boolean): Promise<EVM> {
  const e = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Paris }) });
  if (fast) installFastMstore(e);
  return e;
}

describe('EVM: the MSTORE handler', () => {
  it('is installed in the opcode table', async () => {
    const plain = await evm(false);
    const fast = await evm(true);
    assert.notEqual(opcodeMapOf(fast)?.[0x52], opcodeMapOf(plain)?.[0x52]);
  });

  it('writes what @ethereumjs/evm writes, with the same gas', async () => {
    const plain = await evm(false);
    const fast = await evm(true);
    const words = [0n, 1n, 0xffn, 0x100n, 2n ** 128n + 5n, 2n ** 255n, 2n ** 256n - 1n, 0xdeadbeefn << 100n];
    let seed = 11n;
    for (let i = 0; i < 20; i++) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 256n;
      words.push(seed >> BigInt(i * 12));
    }
    for (const word of words) {
      for (const offset of [0, 1, 31, 100, 8190, 9000]) {
        const code = program(word, offset);
        const a = await plain.runCode({ code, gasLimit: 1_000_000n });
        const b = await fast.runCode({ code, gasLimit: 1_000_000n });
        const what = `word ${word.toString(16)} at ${offset}`;
        assert.equal(b.exceptionError, undefined, what);
        assert.equal(toHex(b.returnValue), toHex(a.returnValue), what);
        assert.equal(b.executionGasUsed, a.executionGasUsed, what);
      }
    }
  });

  it('converts a word to its 32 big-endian bytes', () => {
    assert.equal(toHex(wordBytes(0n)), '0x' + '00'.repeat(32));
    assert.equal(toHex(wordBytes(2n ** 256n - 1n)), '0x' + 'ff'.repeat(32));
    assert.equal(toHex(wordBytes(0x0102n)), '0x' + '00'.repeat(30) + '0102');
  });
});
