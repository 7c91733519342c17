// The call form's and deploy prompt's value input (shared by the webview and the host): units as
// the Java SDK's Convert.Unit (transaction/tools/Convert.java), whole wei only, clear refusals.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatValue,
  parseValue,
  parseValueText,
  valueProblem,
  valueRefusal,
} from '../../../src/extension/messages/txValue';

describe('transaction value input', () => {
  it('converts amounts in every unit to wei', () => {
    assert.equal(parseValue(''), 0n);
    assert.equal(parseValue('1000'), 1000n);
    assert.equal(parseValue('1.5', 'gwei'), 1_500_000_000n);
    assert.equal(parseValue('2', 'ether'), 2n * 10n ** 18n);
    assert.equal(parseValue('1', 'gether'), 10n ** 27n);
    assert.equal(parseValue('3.000', 'wei'), 3n);
    assert.equal(parseValueText('1.5 gwei'), 1_500_000_000n);
    assert.equal(parseValueText(' 42 '), 42n);
  });

  it('refuses negative, fractional-wei, non-numeric and oversized values with what to type', () => {
    assert.match(valueProblem('-1', 'wei'), /must not be negative/);
    assert.match(valueProblem('0.5', 'wei'), /whole number of wei/);
    assert.match(valueProblem('1.0000000001', 'gwei'), /at most 9 decimal places/);
    assert.match(valueProblem('abc', 'wei'), /non-negative whole number of wei/);
    assert.match(valueProblem('1e3', 'wei'), /non-negative whole number/);
    assert.match(valueProblem(String(1n << 256n), 'wei'), /larger than a uint256/);
    assert.equal(valueProblem(String((1n << 256n) - 1n), 'wei'), '');
    assert.throws(() => parseValueText('5 bananas'), /Unknown value unit "bananas"/);
  });

  it('refuses a non-zero value to a function that is not payable, and only that', () => {
    const plain = { signature: 'set(uint256)', payable: false };
    assert.equal(valueRefusal(plain, 0n), '');
    assert.match(valueRefusal(plain, 1n), /^set\(uint256\) is not payable/);
    assert.equal(valueRefusal({ signature: 'deposit()', payable: true }, 5n), '');
  });

  it('formats values for results and confirmations', () => {
    assert.equal(formatValue(5n), '5 wei');
    assert.equal(formatValue(1_500_000_000n), '1500000000 wei (1.5 gwei)');
    assert.equal(formatValue(2n * 10n ** 18n), '2000000000000000000 wei (2 ether)');
  });
});
