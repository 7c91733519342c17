// Transaction nonces. The node treats the nonce as an opaque string (unique within the pool and
// the last block_limit blocks, §6.2); this is the C++ SDK / c-sdk format.

import { randomBytes } from 'node:crypto';

/** Decimal text of two random uint64 concatenated (up to 40 digits), as the C++ SDK writes it. */
export function generateNonce(): string {
  const b = randomBytes(16);
  const view = new DataView(b.buffer, b.byteOffset, 16);
  return view.getBigUint64(0).toString() + view.getBigUint64(8).toString();
}
