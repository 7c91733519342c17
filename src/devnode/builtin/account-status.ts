// Account status rows as AccountPrecompiled keeps them in the account's table /usr/<address>:
// status, last_status and the block of the last update. A new status is in force only from the
// block after the update (AccountPrecompiled::getAccountStatus: number > last_update).

import { bareAddress } from './precompiled-base';
import type { TableStore } from './types';

export const ACCOUNT_NORMAL = 0;
export const ACCOUNT_FROZEN = 1;
export const ACCOUNT_ABOLISHED = 2;

function table(address: string): string {
  return `/usr/${bareAddress(address).padStart(40, '0')}`;
}

export function accountExists(store: TableStore, address: string): boolean {
  return store.get(table(address), 'status') !== undefined;
}

/** The status in force at `blockNumber` (0 for an account AccountManager never touched). */
export function accountStatus(store: TableStore, address: string, blockNumber: number): number {
  const t = table(address);
  const status = store.get(t, 'status');
  if (status === undefined) return ACCOUNT_NORMAL;
  const lastUpdate = Number(store.get(t, 'last_update') ?? '0');
  return Number(blockNumber > lastUpdate ? status : (store.get(t, 'last_status') ?? '0'));
}

/** The stored status (what a later block will see), undefined when the account has no row. */
export function storedAccountStatus(store: TableStore, address: string): number | undefined {
  const v = store.get(table(address), 'status');
  return v === undefined ? undefined : Number(v);
}

export function writeAccountStatus(
  store: TableStore,
  address: string,
  status: number,
  blockNumber: number,
): void {
  const t = table(address);
  store.set(t, 'last_status', store.get(t, 'status') ?? String(ACCOUNT_NORMAL));
  store.set(t, 'status', String(status));
  store.set(t, 'last_update', String(blockNumber));
}
