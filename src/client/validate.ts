// Argument checks for the Client: bad input fails here with a message naming the operation,
// instead of reaching the node as a silently-coerced value (the node reads a non-string as "").

const HEX_RE = /^[0-9a-fA-F]*$/;

export function requireGroup(group: unknown): string {
  if (typeof group !== 'string' || group.trim() === '')
    throw new TypeError(
      'Client: a group id is required (e.g. { group: "group0" }): the client is bound to one group',
    );
  return group;
}

export function nodeName(op: string, node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'string')
    throw new TypeError(`${op}: node must be a node name string, got ${typeof node}`);
  return node;
}

/** Block numbers travel as JSON integers (int64 on the node). */
export function blockNumber(op: string, value: unknown): number {
  if (typeof value === 'bigint') {
    if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER))
      throw new RangeError(`${op}: block number ${value} out of range`);
    return Number(value);
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new TypeError(`${op}: block number must be a non-negative integer, got ${String(value)}`);
  return value;
}

export function flag(op: string, name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean')
    throw new TypeError(`${op}: ${name} must be a boolean, got ${typeof value}`);
  return value;
}

/** 32-byte hash, with or without 0x → "0x" + lowercase hex. */
export function hash32(op: string, value: unknown): string {
  const body = hexBody(op, 'hash', value);
  if (body.length !== 64)
    throw new TypeError(`${op}: hash must be 32 bytes (64 hex digits), got ${body.length} digits`);
  return '0x' + body.toLowerCase();
}

/** 20-byte address, with or without 0x → "0x" + lowercase hex. */
export function address(op: string, value: unknown): string {
  const body = hexBody(op, 'address', value);
  if (body.length !== 40)
    throw new TypeError(`${op}: address must be 20 bytes (40 hex digits), got "${String(value)}"`);
  return '0x' + body.toLowerCase();
}

/** Hex text or bytes → "0x" + lowercase hex (even length). */
export function hexData(op: string, name: string, value: unknown): string {
  if (value instanceof Uint8Array)
    return '0x' + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  const body = hexBody(op, name, value);
  if (body.length % 2 !== 0) throw new TypeError(`${op}: ${name} has an odd number of hex digits`);
  return '0x' + body.toLowerCase();
}

export function text(op: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new TypeError(`${op}: ${name} must be a non-empty string`);
  return value;
}

function hexBody(op: string, name: string, value: unknown): string {
  if (typeof value !== 'string')
    throw new TypeError(`${op}: ${name} must be a hex string, got ${typeof value}`);
  const body = value.startsWith('0x') || value.startsWith('0X') ? value.slice(2) : value;
  if (!HEX_RE.test(body))
    throw new TypeError(
      `${op}: ${name} "${value.length > 80 ? value.slice(0, 77) + '...' : value}" is not hex`,
    );
  return body;
}
