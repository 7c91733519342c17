// Append-only log of committed blocks. Each record is framed as
//   u32 BE payload length | u32 BE crc32(payload) | payload        (payloads are never empty)
// and is on stable storage (fdatasync) before the block's senders are answered, so an
// acknowledged transaction survives a crash.
//
// The file is kept pre-extended with zeros ahead of the data: overwriting allocated blocks lets
// fdatasync skip the file-size metadata update, which on ext4 makes it ~20x cheaper than
// appending. A zero header therefore marks the end of the data.
//
// A record cut short by a crash (only ever the last, unacknowledged one) is detected on open and
// dropped; damage followed by an intact record is reported naming the offset, never skipped or
// truncated. Since format 2 the log is only read, to migrate an old data directory.

import { openSync, closeSync, fstatSync, readSync, ftruncateSync, fsyncSync, mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { dirname } from 'node:path';

const HEADER = 8;
/** Refuse absurd lengths so a corrupt header cannot make us allocate gigabytes. */
const MAX_RECORD = 1 << 30;
/** How far ahead of the data the file is extended with zeros. */
const EXTEND_BY = 8 << 20;

export interface LogReadResult {
  records: Uint8Array[];
  /** Bytes of an incomplete or corrupt last record that were dropped. */
  droppedBytes: number;
  /** Where the next record goes. */
  dataEnd: number;
}

/**
 * Reads every complete record. A torn last record (a crash while it was written, so never
 * acknowledged) is dropped, and cleared in place unless `readOnly`. Damage followed by a valid
 * record is damage to acknowledged data: it throws naming the file and offset, and changes
 * nothing.
 */
export function readLog(path: string, opts: { readOnly?: boolean } = {}): LogReadResult {
  let fd: number;
  try {
    fd = openSync(path, opts.readOnly === true ? 'r' : 'r+');
  } catch (e) {
    if (e instanceof Error && 'code' in e && e.code === 'ENOENT')
      return { records: [], droppedBytes: 0, dataEnd: 0 };
    throw e;
  }
  try {
    const size = fstatSync(fd).size;
    const data = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, data, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    const records: Uint8Array[] = [];
    let off = 0;
    while (off + HEADER <= size) {
      const len = data.readUInt32BE(off);
      const sum = data.readUInt32BE(off + 4);
      const end = off + HEADER + len;
      if (len === 0 || len > MAX_RECORD || end > size) break; // end of data, or a torn header
      const payload = data.subarray(off + HEADER, end);
      if (crc32(payload) >>> 0 !== sum) break; // a torn payload, or damage (checked below)
      records.push(new Uint8Array(payload));
      off = end;
    }
    const dataEnd = lastNonZero(data, off, size);
    const later = dataEnd > off ? nextValidRecord(data, off + 1, dataEnd) : -1;
    if (later >= 0) {
      throw new Error(
        `${path} is damaged: the record at byte offset ${off} (after block record ${records.length}) is unreadable, and intact records follow at offset ${later}; ` +
          'refusing to start so that no acknowledged block is dropped. Restore the file from a backup, or start with --fresh to discard the chain',
      );
    }
    const droppedBytes = dataEnd - off;
    if (opts.readOnly !== true && size > off) {
      // Cut the file back to the data (the writer re-extends it with clean zeros).
      ftruncateSync(fd, off);
      fsyncSync(fd);
    }
    return { records, droppedBytes, dataEnd: off };
  } finally {
    closeSync(fd);
  }
}

/** Offset of the first intact record framed at or after `from` (records are JSON objects), or -1. */
function nextValidRecord(data: Buffer, from: number, to: number): number {
  for (let p = from; p + HEADER < to; p++) {
    if (data[p + HEADER] !== 0x7b) continue; // '{'
    const len = data.readUInt32BE(p);
    const end = p + HEADER + len;
    if (len === 0 || len > MAX_RECORD || end > data.length) continue;
    if (crc32(data.subarray(p + HEADER, end)) >>> 0 === data.readUInt32BE(p + 4)) return p;
  }
  return -1;
}

function lastNonZero(data: Buffer, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) if (data[i] !== 0) return i + 1;
  return from;
}

export class BlockLog {
  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private offset: number,
    private allocated: number,
  ) {}

  /** Opens the log for appending at `dataEnd`, which must come from readLog of the same file. */
  static async open(path: string, dataEnd: number): Promise<BlockLog> {
    mkdirSync(dirname(path), { recursive: true });
    const handle = await open(path, 'a+').then(async (h) => {
      await h.close();
      return open(path, 'r+');
    });
    const size = (await handle.stat()).size;
    if (size < dataEnd) throw new Error(`${path}: shorter than its data (${size} < ${dataEnd})`);
    return new BlockLog(path, handle, dataEnd, size);
  }

  /** Writes one record and waits until it is on stable storage. */
  async append(payload: Uint8Array): Promise<void> {
    if (payload.length === 0) throw new Error('empty block log record');
    const frame = Buffer.allocUnsafe(HEADER + payload.length);
    frame.writeUInt32BE(payload.length, 0);
    frame.writeUInt32BE(crc32(payload) >>> 0, 4);
    frame.set(payload, HEADER);
    if (this.offset + frame.length > this.allocated) await this.extend(this.offset + frame.length);
    await this.writeAt(frame, this.offset);
    await this.handle.datasync();
    this.offset += frame.length;
  }

  /** Zero-fills the file past `needed`, then syncs it fully (size metadata included). */
  private async extend(needed: number): Promise<void> {
    const target = Math.max(needed, this.allocated) + EXTEND_BY;
    const zeros = Buffer.alloc(Math.min(EXTEND_BY, 1 << 20));
    let at = this.allocated;
    while (at < target) {
      const n = Math.min(zeros.length, target - at);
      await this.writeAt(zeros.subarray(0, n), at);
      at += n;
    }
    await this.handle.sync();
    this.allocated = target;
  }

  private async writeAt(buf: Uint8Array, position: number): Promise<void> {
    let done = 0;
    while (done < buf.length) {
      const { bytesWritten } = await this.handle.write(buf, done, buf.length - done, position + done);
      done += bytesWritten;
    }
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
