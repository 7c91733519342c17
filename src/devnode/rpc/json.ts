// JSON as the real node reads it (jsoncpp). Requests are parsed with jsoncpp's lenient
// `Json::Reader` rules (comments allowed, trailing text ignored, 64-bit integers kept exact,
// nesting limit); answers are written by jsonWrite.ts. A plain JSON.parse/stringify would differ
// on exactly the inputs an SDK or a fuzzer can send.

/** A JSON number: jsoncpp keeps integers that fit 64 bits exact, everything else as a double. */
export class JsonNumber {
  constructor(
    /** 'int' = Int64 (incl. all negatives), 'uint' = UInt64 above Int64 max, 'real' = double. */
    readonly kind: 'int' | 'uint' | 'real',
    readonly int: bigint,
    readonly real: number,
  ) {}
}

export type JsonValue = null | boolean | string | JsonNumber | bigint | number | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue | undefined };
/**
 * What the writer accepts: JSON values, and objects typed by the protocol's interfaces (SyncStatus,
 * LogJson, ...), which TypeScript does not let stand for JsonObject's index signature.
 */
export type JsonWritable = JsonValue | object;

/** True for anything the writer can write (not a function or symbol). */
export function isJsonWritable(v: unknown): v is JsonWritable {
  return v === null || (typeof v !== 'function' && typeof v !== 'symbol' && typeof v !== 'undefined');
}

/** jsoncpp's Reader stack limit: deeper nesting throws (which the node reports as -32700). */
const STACK_LIMIT = 1000;

export class JsonNestingError extends Error {}

const MAX_INT64 = (1n << 63n) - 1n;
const MAX_UINT64 = (1n << 64n) - 1n;

/**
 * Parses like jsoncpp `Json::Reader::parse` with default features. Returns undefined when the
 * reader would report failure; throws JsonNestingError when it would throw (nesting > 1000).
 * Objects come back with a null prototype so keys like "__proto__" are plain data.
 */
export function parseJsonLenient(text: string): JsonValue | undefined {
  const r = new Reader(text);
  const value = r.readValue(0);
  // Text after the first value is ignored, as jsoncpp does.
  return r.failed ? undefined : value;
}

/** What parseJsonLenientMembers returns when the value was an object (its members were handed out). */
export const MEMBERS_READ: unique symbol = Symbol('members read');

/**
 * parseJsonLenient for a request envelope: when the value is an object, its members go to
 * `member` in order (a later duplicate after an earlier one, as the object would keep the last)
 * and no object is built; anything else comes back as parseJsonLenient returns it. The object
 * parseJsonLenient would build has a dictionary (null prototype) whose every key must first be
 * made an internalized string: about 2 µs of a `call`.
 */
export function parseJsonLenientMembers(
  text: string,
  member: (name: string, value: JsonValue) => void,
): JsonValue | undefined | typeof MEMBERS_READ {
  const r = new Reader(text);
  const value = r.readValue(0, member);
  return r.failed ? undefined : value;
}

class Reader {
  pos = 0;
  failed = false;
  /** Index of the next backslash at or after the last lookup; -1 when there is none left. */
  private escapeAt = -2;
  constructor(private readonly s: string) {}

  private fail(): undefined {
    this.failed = true;
    return undefined;
  }

  private skipSpaces(): void {
    const s = this.s;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a) this.pos++;
      else break;
    }
  }

  /** Skips whitespace and comments; false on a malformed comment. */
  private skipSpacesAndComments(): boolean {
    for (;;) {
      this.skipSpaces();
      if (this.s[this.pos] !== '/') return true;
      const next = this.s[this.pos + 1];
      if (next === '*') {
        const end = this.s.indexOf('*/', this.pos + 2);
        if (end < 0) return false;
        this.pos = end + 2;
      } else if (next === '/') {
        let i = this.pos + 2;
        while (i < this.s.length && this.s[i] !== '\n' && this.s[i] !== '\r') i++;
        this.pos = i;
      } else {
        return false;
      }
    }
  }

  /** With `member` (the top value only): an object's members go there instead of into an object. */
  readValue(depth: number): JsonValue | undefined;
  readValue(
    depth: number,
    member: (name: string, value: JsonValue) => void,
  ): JsonValue | undefined | typeof MEMBERS_READ;
  readValue(
    depth: number,
    member?: (name: string, value: JsonValue) => void,
  ): JsonValue | undefined | typeof MEMBERS_READ {
    if (depth > STACK_LIMIT) throw new JsonNestingError('Exceeded stackLimit in readValue().');
    if (!this.skipSpacesAndComments()) return this.fail();
    const s = this.s;
    const c = s[this.pos];
    if (c === '{') {
      if (member === undefined) return this.readObject(depth);
      return this.readMembers(depth, member) ? MEMBERS_READ : undefined;
    }
    if (c === '[') return this.readArray(depth);
    if (c === '"') return this.readString();
    if (c === '-' || (c >= '0' && c <= '9')) return this.readNumber();
    if (s.startsWith('true', this.pos)) return ((this.pos += 4), true);
    if (s.startsWith('false', this.pos)) return ((this.pos += 5), false);
    if (s.startsWith('null', this.pos)) return ((this.pos += 4), null);
    return this.fail();
  }

  private readObject(depth: number): JsonValue | undefined {
    const obj: JsonObject = { __proto__: null }; // no prototype: any member name is data
    return this.readMembers(depth, (name, value) => {
      obj[name] = value;
    })
      ? obj
      : undefined;
  }

  /** An object's members, in order, to `member`; false when the reader fails. */
  private readMembers(depth: number, member: (name: string, value: JsonValue) => void): boolean {
    this.pos++; // '{'
    let lastName = '';
    for (;;) {
      if (!this.skipSpacesAndComments()) return this.fail() ?? false;
      const c = this.s[this.pos];
      // jsoncpp quirk: "}" in member position ends the object only while the last key is "".
      if (c === '}' && lastName === '') {
        this.pos++;
        return true;
      }
      if (c !== '"') return this.fail() ?? false;
      const name = this.readString();
      if (name === undefined) return this.fail() ?? false;
      lastName = name;
      if (!this.skipSpacesAndComments() || this.s[this.pos] !== ':') return this.fail() ?? false;
      this.pos++;
      const value = this.readValue(depth + 1);
      if (this.failed || value === undefined) return false; // undefined only after fail()
      member(name, value);
      if (!this.skipSpacesAndComments()) return this.fail() ?? false;
      const sep = this.s[this.pos];
      this.pos++;
      if (sep === '}') return true;
      if (sep !== ',') return this.fail() ?? false;
    }
  }

  private readArray(depth: number): JsonValue | undefined {
    this.pos++; // '['
    const arr: JsonValue[] = [];
    this.skipSpaces(); // jsoncpp only skips blanks (not comments) before an empty array's "]"
    if (this.s[this.pos] === ']') {
      this.pos++;
      return arr;
    }
    for (;;) {
      const value = this.readValue(depth + 1);
      if (this.failed || value === undefined) return undefined; // undefined only after fail()
      arr.push(value);
      if (!this.skipSpacesAndComments()) return this.fail();
      const sep = this.s[this.pos];
      this.pos++;
      if (sep === ']') return arr;
      if (sep !== ',') return this.fail();
    }
  }

  private readString(): string | undefined {
    const s = this.s;
    let i = this.pos + 1;
    // Fast path: no escape before the closing quote (hex payloads, method names). The next
    // backslash is looked up once per backslash, not per string, so long bodies stay linear.
    const close = s.indexOf('"', i);
    if (close >= 0) {
      if (this.escapeAt !== -1 && this.escapeAt < i) this.escapeAt = s.indexOf('\\', i);
      if (this.escapeAt === -1 || this.escapeAt > close) {
        this.pos = close + 1;
        return s.slice(i, close);
      }
    }
    let out = '';
    let chunk = i;
    while (i < s.length) {
      const c = s[i];
      if (c === '"') {
        out += s.slice(chunk, i);
        this.pos = i + 1;
        return out;
      }
      if (c !== '\\') {
        i++;
        continue;
      }
      out += s.slice(chunk, i);
      const e = s[i + 1];
      i += 2;
      switch (e) {
        case '"':
          out += '"';
          break;
        case '/':
          out += '/';
          break;
        case '\\':
          out += '\\';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const unit = this.hex4(i);
          if (unit === undefined) return this.fail();
          i += 4;
          if (unit >= 0xd800 && unit <= 0xdbff) {
            // A high surrogate must be followed by \u + low surrogate.
            if (s[i] !== '\\' || s[i + 1] !== 'u') return this.fail();
            const low = this.hex4(i + 2);
            if (low === undefined || low < 0xdc00 || low > 0xdfff) return this.fail();
            i += 6;
            out += String.fromCharCode(unit, low);
          } else {
            out += String.fromCharCode(unit);
          }
          break;
        }
        default:
          return this.fail();
      }
      chunk = i;
    }
    return this.fail(); // unterminated
  }

  private hex4(at: number): number | undefined {
    const h = this.s.slice(at, at + 4);
    return /^[0-9a-fA-F]{4}$/.test(h) ? parseInt(h, 16) : undefined;
  }

  private readNumber(): JsonValue | undefined {
    const s = this.s;
    const start = this.pos;
    let i = start;
    const negative = s.charCodeAt(i) === 0x2d; // '-'
    if (negative) i++;
    const digitsAt = i;
    let v = 0; // exact while there are at most 15 digits
    for (let c = s.charCodeAt(i); c >= 0x30 && c <= 0x39; c = s.charCodeAt(++i)) v = v * 10 + (c - 0x30);
    const next = s[i];
    if (next !== '.' && next !== 'e' && next !== 'E' && i - digitsAt <= 15) {
      // An integer of up to 15 digits (request ids, most numbers): decodeNumber's result without
      // its text round trip.
      this.pos = i;
      const value = BigInt(v);
      return negative ? new JsonNumber('int', -value, Number(-value)) : new JsonNumber('int', value, v);
    }
    if (s[i] === '.') {
      i++;
      while (i < s.length && s[i] >= '0' && s[i] <= '9') i++;
    }
    if (s[i] === 'e' || s[i] === 'E') {
      i++;
      if (s[i] === '+' || s[i] === '-') i++;
      while (i < s.length && s[i] >= '0' && s[i] <= '9') i++;
    }
    this.pos = i;
    return decodeNumber(s.slice(start, i)) ?? this.fail();
  }
}

/** jsoncpp decodeNumber: integers that fit 64 bits stay exact, the rest become doubles. */
function decodeNumber(token: string): JsonNumber | undefined {
  const negative = token.startsWith('-');
  const digits = negative ? token.slice(1) : token;
  if (/^[0-9]*$/.test(digits)) {
    const value = digits === '' ? 0n : BigInt(digits);
    if (negative && value <= MAX_INT64 + 1n) return new JsonNumber('int', -value, Number(-value));
    if (!negative && value <= MAX_INT64) return new JsonNumber('int', value, Number(value));
    if (!negative && value <= MAX_UINT64) return new JsonNumber('uint', value, Number(value));
  }
  // istream >> double: needs at least one digit in the mantissa and a complete exponent.
  if (!/^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(token)) return undefined;
  const real = Number(token);
  // istream >> double fails on overflow ("1e400"), which jsoncpp reports as a parse error.
  if (!Number.isFinite(real)) return undefined;
  return new JsonNumber('real', 0n, real);
}
