import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as TarsStream from '@tars/stream';
import { TarsWriter } from '../../../src/protocol/tars/writer';
import { TarsReader } from '../../../src/protocol/tars/reader';
import { TarsDecodeError } from '../../../src/protocol/tars/types';
import { fromHex, toHex } from '../../../src/protocol/hex';

function mine(fn: (w: TarsWriter) => void): string {
  const w = new TarsWriter(4); // tiny initial capacity exercises growth
  fn(w);
  return toHex(w.toBytes(), false);
}

function theirs(fn: (o: TarsStream.TarsOutputStream) => void): string {
  const o = new TarsStream.TarsOutputStream();
  fn(o);
  return o.getBinBuffer().toNodeBuffer().toString('hex');
}

test('integers use the minimal width, matching @tars/stream', () => {
  const values = [
    0, 1, -1, 127, 128, -128, -129, 32767, 32768, -32768, -32769, 2147483647, 2147483648, -2147483649,
  ];
  for (const v of values) {
    assert.equal(
      mine((w) => w.writeInt(3, v)),
      theirs((o) => o.writeInt64(3, v)),
      `value ${v}`,
    );
  }
  const big = 9007199254740993n; // > 2^53
  assert.equal(
    mine((w) => w.writeInt(4, big)),
    theirs((o) => o.writeInt64(4, big.toString(), true)),
  );
  assert.equal(
    mine((w) => w.writeInt(1, 0)),
    '1c',
  );
  assert.equal(
    mine((w) => w.writeInt(4, 522n)),
    '41020a',
  );
  assert.equal(
    mine((w) => w.writeInt(4, 133)),
    '410085',
  );
  assert.equal(
    mine((w) => w.writeInt(11, 3000000)),
    'b2002dc6c0',
  );
  assert.equal(
    mine((w) => w.writeBool(2, true)),
    theirs((o) => o.writeBoolean(2, true)),
  );
});

test('strings: string1 up to 255 bytes, string4 above; UTF-8 bytes', () => {
  for (const s of ['', 'chain0', 'a'.repeat(255), 'b'.repeat(256), 'x'.repeat(629), '区块链']) {
    assert.equal(
      mine((w) => w.writeString(2, s)),
      theirs((o) => o.writeString(2, s)),
      `length ${s.length}`,
    );
  }
  assert.equal(
    mine((w) => w.writeString(2, 'chain0')),
    '2606636861696e30',
  );
  assert.equal(
    mine((w) => w.writeString(9, '0x0')),
    '9603307830',
  );
});

test('byte vectors are SimpleLists, matching @tars/stream writeBytes', () => {
  for (const n of [0, 1, 32, 65, 100, 128, 1062, 1550, 70000]) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31) & 0xff);
    const bb = new TarsStream.BinBuffer(Buffer.from(bytes));
    assert.equal(
      mine((w) => w.writeBytes(7, bytes)),
      theirs((o) => o.writeBytes(7, bb)),
      `length ${n}`,
    );
  }
  // Length encodings from reference/protocol.md §2.5.
  assert.equal(
    mine((w) => w.writeBytes(2, new Uint8Array(0))),
    '2d000c',
  );
  assert.equal(mine((w) => w.writeBytes(2, new Uint8Array(32))).slice(0, 8), '2d000020');
  assert.equal(mine((w) => w.writeBytes(3, new Uint8Array(128))).slice(0, 10), '3d00010080');
  assert.equal(mine((w) => w.writeBytes(7, new Uint8Array(1550))).slice(0, 10), '7d0001060e');
});

test('tags ≥ 15 use the two-byte head', () => {
  assert.equal(
    mine((w) => w.writeInt(15, 1)),
    theirs((o) => o.writeInt32(15, 1)),
  );
  assert.equal(
    mine((w) => w.writeInt(200, 5)),
    'f0c805',
  );
  const r = new TarsReader(fromHex('f0c805'));
  assert.equal(r.readNumber(200, true), 5);
  assert.throws(() => new TarsWriter().writeHead(256, 0), RangeError);
});

test('@tars/stream decodes what the writer produces', () => {
  const w = new TarsWriter();
  w.writeInt(0, -70000);
  w.writeInt(1, 5000000000n);
  w.writeString(2, 'y'.repeat(300));
  w.writeBytes(3, Uint8Array.of(1, 2, 3));
  const inp = new TarsStream.TarsInputStream(new TarsStream.BinBuffer(Buffer.from(w.toBytes())));
  assert.equal(inp.readInt32(0, true), -70000);
  assert.equal(inp.readInt64(1, true, undefined, true), '5000000000');
  assert.equal(inp.readString(2, true), 'y'.repeat(300));
  const bytes = inp.readBytes(3, true, TarsStream.BinBuffer).toNodeBuffer();
  assert.deepEqual([...bytes], [1, 2, 3]);
});

test('reader: round trip of every field kind', () => {
  const w = new TarsWriter();
  w.writeInt(1, 7);
  w.writeInt(2, -(2n ** 40n));
  w.writeString(3, 'hello');
  w.writeBytes(4, Uint8Array.of(9, 8));
  w.writeBytesList(5, [Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3)]);
  w.writeStringList(6, ['a', '', 'c']);
  w.writeIntList(7, [1, 0, -300, 70000]);
  w.writeStructList(
    8,
    [
      { a: 1, b: 'x' },
      { a: 0, b: '' },
    ],
    (iw, v) => {
      if (v.a) iw.writeInt(1, v.a);
      if (v.b) iw.writeString(2, v.b);
    },
  );
  w.writeStruct(9, (iw) => iw.writeString(1, 'inner'));
  const r = new TarsReader(w.toBytes());
  assert.equal(r.readNumber(1), 7);
  assert.equal(r.readBigInt(2), -(2n ** 40n));
  assert.equal(r.readString(3), 'hello');
  assert.deepEqual(r.readBytes(4), Uint8Array.of(9, 8));
  assert.deepEqual(r.readBytesList(5), [Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3)]);
  assert.deepEqual(r.readStringList(6), ['a', '', 'c']);
  assert.deepEqual(r.readNumberList(7), [1, 0, -300, 70000]);
  assert.deepEqual(
    r.readStructList(8, (ir) => ({ a: ir.readNumber(1), b: ir.readString(2) })),
    [
      { a: 1, b: 'x' },
      { a: 0, b: '' },
    ],
  );
  assert.equal(
    r.readStruct(9, (ir) => ir.readString(1)),
    'inner',
  );
  assert.equal(r.remaining, 0);
});

test('lenient decoding: smaller unknown tags skipped, larger tag stops, defaults apply', () => {
  const w = new TarsWriter();
  w.writeString(1, 'skip me');
  w.writeStruct(2, (iw) => {
    iw.writeBytes(1, Uint8Array.of(1));
    iw.writeIntList(2, [1, 2]);
  });
  w.writeInt(3, 1.5e9);
  w.writeInt(6, 42);
  const r = new TarsReader(w.toBytes());
  assert.equal(r.readNumber(3), 1.5e9); // tags 1 and 2 skipped by type
  assert.equal(r.readString(4, false, 'dflt'), 'dflt'); // tag 6 is larger: absent
  assert.equal(r.readNumber(5, false, 9), 9);
  assert.equal(r.readNumber(6), 42);
  assert.deepEqual(r.readBytes(7), new Uint8Array(0));
  assert.deepEqual(
    r.readList(8, (ir) => ir.readNumber(0)),
    [],
  );
});

test('lenient decoding: a byte vector may arrive as a generic list of int1', () => {
  // head(7, list) count=3, elements at tag 0: int1 5, zero, int1 -1
  const r = new TarsReader(fromHex('79' + '0003' + '0005' + '0c' + '00ff'));
  assert.deepEqual(r.readBytes(7), Uint8Array.of(5, 0, 0xff));
});

test('struct fields: unknown trailing fields are skipped up to struct end', () => {
  const w = new TarsWriter();
  w.writeStruct(1, (iw) => {
    iw.writeInt(1, 5);
    iw.writeString(9, 'future field');
    iw.writeStruct(10, (x) => x.writeInt(0, 1));
  });
  w.writeInt(2, 6);
  const r = new TarsReader(w.toBytes());
  assert.equal(
    r.readStruct(1, (ir) => ir.readNumber(1)),
    5,
  );
  assert.equal(r.readNumber(2), 6);
});

test('errors: type mismatch, width overflow, truncation, oversize length, required', () => {
  assert.throws(
    () => new TarsReader(fromHex('2606636861696e30')).readNumber(2),
    (e: Error) => e instanceof TarsDecodeError && /tag 2: expected an integer/.test(e.message),
  );
  assert.throws(() => new TarsReader(fromHex('1c')).readString(1), /tag 1: expected a string, found zero/);
  // int field rejects int8 (§2.3)
  assert.throws(
    () => new TarsReader(fromHex('130000000100000000')).readNumber(1),
    /at most 32 bits, found int8/,
  );
  assert.throws(() => new TarsReader(fromHex('2606636861')).readString(2), /truncated/);
  assert.throws(() => new TarsReader(fromHex('27ffffffff00')).readString(2), /exceeds 100 MB|truncated/);
  assert.throws(() => new TarsReader(fromHex('7d000164aa')).readBytes(7), /truncated/);
  assert.throws(() => new TarsReader(fromHex('7d0c')).readBytes(7), /inner type int1/);
  assert.throws(() => new TarsReader(fromHex('')).readNumber(1, true), /required field tag 1 not found/);
  assert.throws(() => new TarsReader(fromHex('1a')).readStruct(1, () => 0), /truncated/);
  assert.throws(() => new TarsReader(fromHex('1e')).readNumber(2), /unknown type id 14/);
  assert.throws(() => new TarsReader(fromHex('7900ff')).readBytes(7), /negative list size/);
});

test('strings keep a leading BOM through decode and re-encode', () => {
  const w = new TarsWriter();
  w.writeStringBytes(5, Uint8Array.of(0xef, 0xbb, 0xbf, 0x31));
  const s = new TarsReader(w.toBytes()).readString(5);
  assert.equal(
    mine((x) => x.writeString(5, s)),
    toHex(w.toBytes(), false),
  );
});
