// Hex parameter decoding with the node's exact failure modes (JsonRpcImpl_2_0::decodeData,
// FixedBytes(FromHex), bcos::fromHex).

import { RpcError, NON_HEX_WHAT, InvalidRequest } from './errors';
import { errorMessage } from '../../protocol/unknownValues';
import { isShortHex, shortHexBytes } from '../../protocol/hex';

const HEX = /^[0-9a-fA-F]*$/;

/** Why decodeData failed: the std::exception what() text. */
export class HexDecodeError extends Error {}

/**
 * decodeData: the whole text (with its "0x") must be non-empty and of even length, then only a
 * lowercase "0x" is stripped. Throws HexDecodeError with the exception text.
 */
export function decodeData(text: string): Uint8Array {
  if (text.length === 0 || text.length % 2 !== 0) throw new HexDecodeError('Unexpect hex string');
  if (isShortHex(text)) {
    const bytes = shortHexBytes(text, text.startsWith('0x') ? 2 : 0);
    if (bytes === undefined) throw new HexDecodeError(NON_HEX_WHAT);
    return bytes;
  }
  const body = text.startsWith('0x') ? text.slice(2) : text;
  if (!HEX.test(body)) throw new HexDecodeError(NON_HEX_WHAT);
  return new Uint8Array(Buffer.from(body, 'hex'));
}

/** decodeData thrown synchronously from a handler: -32600 with the exception text. */
export function decodeDataParam(text: string): Uint8Array {
  try {
    return decodeData(text);
  } catch (e) {
    throw new RpcError(InvalidRequest, errorMessage(e));
  }
}

/** HashType(text, FromHex): "0x" optional, ≤ 64 hex digits, even, left-padded with zeros. */
export function parseHash(text: string): Uint8Array {
  const body = text.length >= 2 && text[0] === '0' && text[1] === 'x' ? text.slice(2) : text;
  if (body.length > 64 || body.length % 2 !== 0) throw new RpcError(InvalidRequest, 'Invalid input string!');
  if (!HEX.test(body)) throw new RpcError(InvalidRequest, NON_HEX_WHAT);
  const out = new Uint8Array(32);
  out.set(Buffer.from(body, 'hex'), 32 - body.length / 2);
  return out;
}

/** bcos::fromHex: an odd leading digit stands alone; bad characters throw (→ -32600). */
export function looseHex(text: string): Uint8Array {
  const body = text.startsWith('0x') ? text.slice(2) : text;
  if (!HEX.test(body)) throw new RpcError(InvalidRequest, NON_HEX_WHAT);
  return new Uint8Array(Buffer.from(body.length % 2 ? '0' + body : body, 'hex'));
}

/** The boost::diagnostic_information text sendTransaction puts in its -1 error. */
export function diagnosticText(what: string, type = 'boost::wrapexcept<std::runtime_error>'): string {
  return `Dynamic exception type: ${type}\nstd::exception::what: ${what}\n`;
}
