// Format 2 kept the chain in an LMDB file (chain.mdb). It is copied once into the RocksDB store:
// every record, checksum verified, in synced batches; then the new store's key count is
// checked against the old one. Only after that does the caller switch chain.json to the new
// format and rename the old file to chain.mdb.migrated (never deleted). lmdb is loaded only
// here, so a node that never migrates does not load it.

import { unseal, StoreDamaged, REMEDY } from './kv';
import type { RocksKv } from './rocksKv';

const BATCH_BYTES = 4 << 20;

export async function copyLmdbStore(
  from: string,
  to: RocksKv,
  progress: (copied: number) => void,
): Promise<number> {
  const { open } = await import('lmdb');
  let db;
  try {
    db = open<Buffer, string>({ path: from, encoding: 'binary', compression: false, readOnly: true });
  } catch (e) {
    throw new StoreDamaged(
      `the chain store ${from} (LMDB, to be migrated) is damaged or unreadable (${e instanceof Error ? e.message : String(e)}); ${REMEDY}`,
    );
  }
  let copied = 0;
  try {
    let batch: [string, Buffer][] = [];
    let bytes = 0;
    for (const { key, value } of db.getRange({})) {
      if (typeof key !== 'string') continue;
      // Checks the record's CRC-32 (throws StoreDamaged naming the old store); copied as stored.
      unseal(value, key, from);
      batch.push([key, Buffer.from(value)]);
      bytes += key.length + value.length;
      if (bytes >= BATCH_BYTES) {
        to.writeSealed(batch);
        copied += batch.length;
        progress(copied);
        batch = [];
        bytes = 0;
      }
    }
    if (batch.length > 0) to.writeSealed(batch);
    copied += batch.length;
  } finally {
    await db.close();
  }
  const count = to.countKeys();
  if (count !== copied)
    throw new Error(
      `migrating ${from}: the new store holds ${count} records but ${copied} were copied; the old store is left as it was`,
    );
  return copied;
}
