// Governance state lives in its own tables of the core's TableStore (JSON values). Handlers work
// on a write buffer that is flushed only when the call succeeds, so a refused or failing call
// changes nothing even before the core's per-transaction journal is consulted.

import type { TableStore } from '../types';
import { parseOwnJson } from '../../ownJson';

/** Governors, rates, proposals of the committee (the node keeps these in the contracts' storage). */
export const COMMITTEE_TABLE = 's_committee';
/** One row per contract: admin, status and method ACLs (the node's `/apps/<addr>_accessAuth`). */
export const CONTRACT_AUTH_TABLE = 's_contract_auth';
/** The global deploy ACL (the node's root-dir row `apps`). */
export const DEPLOY_AUTH_TABLE = 's_deploy_auth';

export class BufferedStore implements TableStore {
  private readonly writes = new Map<string, Map<string, string | undefined>>();

  constructor(private readonly base: TableStore) {}

  get(table: string, key: string): string | undefined {
    const pending = this.writes.get(table);
    if (pending?.has(key)) return pending.get(key);
    return this.base.get(table, key);
  }

  set(table: string, key: string, value: string | undefined): void {
    let pending = this.writes.get(table);
    if (!pending) this.writes.set(table, (pending = new Map<string, string | undefined>()));
    pending.set(key, value);
  }

  keys(table: string): string[] {
    const all = new Set(this.base.keys(table));
    for (const [key, value] of this.writes.get(table) ?? []) {
      if (value === undefined) all.delete(key);
      else all.add(key);
    }
    return [...all].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }

  hasTable(table: string): boolean {
    return this.base.hasTable(table) || (this.writes.get(table)?.size ?? 0) > 0;
  }

  commit(): void {
    for (const [table, rows] of this.writes)
      for (const [key, value] of rows) this.base.set(table, key, value);
    this.writes.clear();
  }
}

export function readJson<T>(store: TableStore, table: string, key: string): T | undefined {
  const text = store.get(table, key);
  return text === undefined ? undefined : parseOwnJson<T>(text);
}

export function writeJson(store: TableStore, table: string, key: string, value: unknown): void {
  store.set(table, key, JSON.stringify(value));
}

export const ZERO_ADDRESS = '0x' + '0'.repeat(40);
