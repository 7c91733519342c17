// decodeData (JsonRpcImpl_2_0::decodeData): the short inputs decoded in JS give the same bytes and
// the same failures as the regex and Buffer decoder used for long ones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeData, HexDecodeError } from '../../../src/devnode/rpc/hexParams';
import { NON_HEX_WHAT } from '../../../src/devnode/rpc/errors';

/** The decoder every input went through before (and long ones still do). */
function reference(text: string): Uint8Array | string {
  if (text.length === 0 || text.length % 2 !== 0) return 'Unexpect hex string';
  const body = text.startsWith('0x') ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]*$/.test(body)) return NON_HEX_WHAT;
  return new Uint8Array(Buffer.from(body, 'hex'));
}

function decoded(text: string): Uint8Array | string {
  try {
    return decodeData(text);
  } catch (e) {
    assert.ok(e instanceof HexDecodeError);
    return e.message;
  }
}

test('decodeData: short and long inputs, every digit, bad characters and prefixes', () => {
  const digits = '0123456789abcdefABCDEF';
  const inputs = [
    '',
    '0',
    '0x',
    '0X',
    '0x0',
    '00',
    '0x00',
    '0X00',
    'x0',
    '0x0x',
    digits + 'ab',
    '0x' + digits + 'ab',
  ];
  // Each character below 0x180 in each place of a word (the first digit and the second).
  for (let c = 0; c < 0x180; c++) {
    const ch = String.fromCharCode(c);
    inputs.push('0x' + ch + 'a', '0x' + 'a' + ch, ch + 'a', 'a' + ch);
  }
  inputs.push('0x\u0130a', '0x' + 'ab'.repeat(36), '0x' + 'ab'.repeat(255), '0x' + 'ab'.repeat(256));
  inputs.push('ab'.repeat(256), 'ab'.repeat(257), '0x' + 'ab'.repeat(300), '0x' + 'ab'.repeat(300) + 'g0');
  inputs.push('0x' + 'ab'.repeat(254) + 'zz', 'ab'.repeat(255) + 'z0');
  for (const text of inputs) assert.deepEqual(decoded(text), reference(text), JSON.stringify(text));
});
