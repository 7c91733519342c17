// console.sol: the committed file is what the generator writes, every function reaches the
// console address with Hardhat's selectors, and the devnode decodes each payload shape.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AbiCoder } from 'ethers';
import {
  CONSOLE_ADDRESS,
  consoleSignatures,
  consoleSignatureText,
  consoleSolSource,
} from '../../../src/protocol/consoleLog';
import { ecdsaSuite, keccak256 } from '../../../src/protocol/crypto/suite';
import { concatBytes, fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';
import { decodeConsoleLog } from '../../../src/devnode/evm/consoleLog';

const sel = (text: string) => toHex(keccak256(utf8Encode(text)).subarray(0, 4));

describe('console.sol', () => {
  it('the committed media/solidity/console.sol is the generated text', () => {
    const committed = readFileSync(join(__dirname, '../../../media/solidity/console.sol'), 'utf8');
    assert.equal(committed, consoleSolSource(), 'run: node --import tsx scripts/gen-console-sol.ts');
    assert.ok(committed.includes(CONSOLE_ADDRESS));
  });

  it('has Hardhat’s call shapes: 1 to 4 arguments of uint256/string/bool/address, logBytes1..32', () => {
    const texts = new Set(consoleSignatures().map(consoleSignatureText));
    assert.equal(texts.size, consoleSignatures().length, 'no duplicates');
    for (const t of [
      'log()',
      'log(string)',
      'log(uint256,string,bool,address)',
      'logBytes32(bytes32)',
      'logInt(int256)',
    ])
      assert.ok(texts.has(t), t);
    // Hardhat's console.sol selector for log(string) (used by every compiled contract that logs text).
    assert.equal(sel('log(string)'), '0x41304fac');
  });

  it('the devnode decodes payloads, including the older "uint" selectors; unknown ones are ignored', () => {
    const coder = AbiCoder.defaultAbiCoder();
    const payload = (sig: string, types: string[], values: unknown[]) =>
      concatBytes(fromHex(sel(sig)), fromHex(coder.encode(types, values)));
    assert.equal(
      decodeConsoleLog(payload('log(string,uint256)', ['string', 'uint256'], ['n =', 5n]), ecdsaSuite),
      'n = 5',
    );
    assert.equal(
      decodeConsoleLog(payload('log(string,uint)', ['string', 'uint256'], ['%d items', 3n]), ecdsaSuite),
      '3 items',
    );
    assert.equal(decodeConsoleLog(payload('log(bool)', ['bool'], [true]), ecdsaSuite), 'true');
    assert.equal(
      decodeConsoleLog(payload('logBytes2(bytes2)', ['bytes2'], ['0xabcd']), ecdsaSuite),
      '0xabcd',
    );
    assert.equal(decodeConsoleLog(fromHex('0x12345678'), ecdsaSuite), undefined);
    assert.equal(decodeConsoleLog(fromHex(sel('log(string)') + '00'), ecdsaSuite), undefined, 'garbage body');
  });
});
