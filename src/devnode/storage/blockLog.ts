// Append-only log of committed blocks. Each record is framed as
//   u32 BE payload length | u32 BE crc32(payload) | payload
// and is fsync'd before the block's senders are answered, so an acknowledged transaction
// survives a crash. A record cut short by a crash (only ever the last one) is detected on open
// and dropped; damage anywhere else is reported, never silently skipped.

import { openSync, closeSync, fstatSync, readSync, ftruncateSync, fsyncSync, mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { dirname } from 'node:path';

const HEADER = 8;
/** Refuse absurd lengths so a corrupt header cannot make us allocate gigabytes. */
const MAX_RECORD = 1 << 30;

export interface LogReadResult {
  records: Uint8Array[];
  /** Bytes dropped from the tail because the last record was incomplete or corrupt. */
  droppedBytes: number;
}

/** Reads every complete record; truncates a torn tail record in place. */
export function readLog(path: string): LogReadResult {
  let fd: number;
  try {
    fd = openSync(path, 'r+');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], droppedBytes: 0 };
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
    while (off < size) {
      if (size - off < HEADER) break; // torn header
      const len = data.readUInt32BE(off);
      const sum = data.readUInt32BE(off + 4);
      if (len > MAX_RECORD) {
        if (off + HEADER + len <= size) throw new Error(`${path}: corrupt record length at offset ${off}`);
        break;
      }
      const end = off + HEADER + len;
      if (end > size) break; // torn payload
      const payload = data.subarray(off + HEADER, end);
      if (crc32(payload) >>> 0 !== sum) {
        if (end === size) break; // last record partly written
        throw new Error(`${path}: checksum mismatch in record at offset ${off} (not the last record); refusing to drop data`);
      }
      records.push(new Uint8Array(payload));
      off = end;
    }
    const droppedBytes = size - off;
    if (droppedBytes > 0) {
      ftruncateSync(fd, off);
      fsyncSync(fd);
    }
    return { records, droppedBytes };
  } finally {
    closeSync(fd);
  }
}

export class BlockLog {
  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async open(path: string): Promise<BlockLog> {
    mkdirSync(dirname(path), { recursive: true });
    const handle = await open(path, 'a');
    return new BlockLog(path, handle);
  }

  /** Appends one record and waits until it is on stable storage. */
  async append(payload: Uint8Array): Promise<void> {
    const frame = Buffer.allocUnsafe(HEADER + payload.length);
    frame.writeUInt32BE(payload.length, 0);
    frame.writeUInt32BE(crc32(payload) >>> 0, 4);
    frame.set(payload, HEADER);
    let written = 0;
    while (written < frame.length) {
      const { bytesWritten } = await this.handle.write(frame, written, frame.length - written);
      written += bytesWritten;
    }
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
