// The part of @nxtedition/rocksdb (no type declarations of its own) that rocksEngine.ts uses;
// names and shapes checked against its index.js, chained-batch.js and binding.cc (12.2.12).
declare module '@nxtedition/rocksdb' {
  interface RocksChainedBatch {
    put(key: string, value: Buffer): this;
    del(key: string): this;
    /** Applies the batch synchronously inside (binding batch_write); the promise reports it. */
    write(options: { sync: boolean }): Promise<void>;
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
