// The part of @nxtedition/rocksdb (no type declarations of its own) that rocksEngine.ts uses;
// names and shapes checked against its index.js, chained-batch.js and binding.cc (12.2.12).
declare module '@nxtedition/rocksdb' {
  /** chained-batch.js: the underscore methods call the binding directly and keep the batch open. */
  export interface RocksChainedBatch {
    _put(key: string, value: Buffer): void;
    _del(key: string): void;
    /** binding batch_write: rocksdb::DB::Write on the calling thread. */
    _writeSync(options: { sync: boolean }): void;
    /** binding batch_clear: rocksdb::WriteBatch::Clear, ready for the next batch. */
    _clear(): void;
  }

  interface RocksQuery {
    gt?: Buffer | string;
    gte?: Buffer | string;
    lt?: Buffer | string;
    limit?: number;
    keys?: boolean;
    values?: boolean;
    keyEncoding?: 'utf8' | 'buffer';
    valueEncoding?: 'utf8' | 'buffer';
    fillCache?: boolean;
  }

  export class RocksLevel {
    constructor(location: string, options?: Record<string, unknown>);
    readonly status: string;
    open(options?: Record<string, unknown>): Promise<void>;
    close(): Promise<void>;
    batch(): RocksChainedBatch;
    getProperty(name: string): string;
    /** Synchronous MultiGet: a Buffer or undefined per key. */
    _getManySync(
      keys: string[],
      options: { valueEncoding: 'buffer'; fillCache?: boolean },
    ): (Buffer | undefined)[];
    /** A synchronous iterator run to its end: rows are key, value, key, value, ... */
    querySync(options: RocksQuery): { rows: (Buffer | string | undefined)[]; finished: boolean };
  }
}
