// CastPrecompiled at 0x100f (bcos-executor CastPrecompiled::call), registered from version 3.2:
// string <-> int256 / int64 / uint256 / address / bytes32 conversions. A string that is not a
// number in range fails as on the node: boost::lexical_cast throws a std::exception, which
// callPrecompiled turns into status 1 (Unknown) with Error("InternalPrecompiledFailed").

import { getBytes } from 'ethers';
import { CAST_ADDRESS } from '../../protocol/builtin/addresses';
import { encodeRevertReason } from '../../protocol/builtin/abi';
import { utf8Encode } from '../../protocol/hex';
import { TransactionStatus } from '../../protocol/rpc/status';
import { definePrecompiled } from './precompiled-base';
import type { PrecompiledContext, PrecompiledResult } from './types';

export const CAST_ABI = [
  'function stringToS256(string) view returns (int256)',
  'function stringToS64(string) view returns (int64)',
  'function stringToU256(string) view returns (uint256)',
  'function stringToAddr(string) view returns (address)',
  'function stringToBytes32(string) view returns (bytes32)',
  'function s256ToString(int256) view returns (string)',
  'function s64ToString(int64) view returns (string)',
  'function u256ToString(uint256) view returns (string)',
  'function addrToString(address) view returns (string)',
  'function bytes32ToString(bytes32) view returns (string)',
] as const;

const DECIMAL = /^[+-]?[0-9]+$/;

/** What the node answers when a lexical_cast fails. */
function internalFailure(ctx: PrecompiledContext): PrecompiledResult {
  return {
    status: TransactionStatus.Unknown,
    output: encodeRevertReason('InternalPrecompiledFailed', ctx.suite),
  };
}

/** lexical_cast to an integer of `bits` bits: decimal digits with an optional sign, in range. */
function parseInteger(text: string, bits: number, signed: boolean): bigint | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const v = BigInt(text);
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  return v < min || v > max ? undefined : v;
}

function integerCast(bits: number, signed: boolean) {
  return {
    run(ctx: PrecompiledContext, args: readonly unknown[]) {
      const v = parseInteger(String(args[0]), bits, signed);
      return v === undefined ? internalFailure(ctx) : [v];
    },
  };
}

export const castPrecompiled = definePrecompiled({
  address: CAST_ADDRESS,
  name: 'CastPrecompiled',
  abi: CAST_ABI,
  functions: {
    'stringToS256(string)': integerCast(256, true),
    'stringToS64(string)': integerCast(64, true),
    'stringToU256(string)': integerCast(256, false),
    'stringToAddr(string)': {
      run(ctx, args) {
        // Address(src) parses hex (optional 0x); a length other than 20 bytes gives the zero
        // address (FixedHash FailIfDifferent), a non-hex character throws.
        const body = String(args[0]).replace(/^0x/i, '');
        if (!/^[0-9a-fA-F]*$/.test(body) || body.length % 2 !== 0) return internalFailure(ctx);
        return ['0x' + (body.length === 40 ? body.toLowerCase() : '0'.repeat(40))];
      },
    },
    'stringToBytes32(string)': {
      run(_ctx, args) {
        // toString32: the first 32 bytes of the UTF-8 text, zero-padded.
        const out = new Uint8Array(32);
        out.set(utf8Encode(String(args[0])).subarray(0, 32));
        return [out];
      },
    },
    's256ToString(int256)': { run: (_ctx, args) => [String(args[0])] },
    's64ToString(int64)': { run: (_ctx, args) => [String(args[0])] },
    'u256ToString(uint256)': { run: (_ctx, args) => [String(args[0])] },
    // Address::hex(): 40 lowercase hex digits without 0x.
    'addrToString(address)': { run: (_ctx, args) => [String(args[0]).slice(2).toLowerCase()] },
    'bytes32ToString(bytes32)': {
      // All 32 bytes as they are, trailing zero bytes included (the node resizes the string to
      // 32): encoded by hand, as the bytes need not be UTF-8.
      run(_ctx, args) {
        const out = new Uint8Array(96);
        out[31] = 0x20;
        out[63] = 32;
        out.set(getBytes(String(args[0])), 64);
        return { status: TransactionStatus.None, output: out };
      },
    },
  },
});
