// Dev accounts handed over by `npm start`: scripts/start.ts puts the local node's ready-line
// accounts (public, test-only keys it prints anyway) into FISCO_BCOS_DEV_ACCOUNTS, which
// code-server's extension host inherits. They are accepted only for the named connection, and only
// when both the variable and the configured connection point at a loopback devnode. No vscode
// import; unit-tested.

import { keyFromHex, type KeyInfo } from './keyMaterial';
import { isRecord } from '../../protocol/unknownValues';

export const DEV_ACCOUNTS_ENV = 'FISCO_BCOS_DEV_ACCOUNTS';

/** What start.ts writes into the variable. */
export interface DevAccountsHandOver {
  connection: string;
  url: string;
  accounts: { address: string; privateKey: string }[];
}

export interface ConnectionLike {
  name: string;
  url: string;
  sm?: boolean;
}

/** 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const sameEndpoint = (a: string, b: string) =>
  a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/**
 * Reads the hand-over; returns the connection name and the keys, or a reason it was refused
 * (undefined when the variable is not set). Every key must derive the address it came with.
 */
export function readDevAccounts(
  raw: string | undefined,
  connections: readonly ConnectionLike[],
): { connection: string; keys: KeyInfo[] } | { refused: string } | undefined {
  if (!raw) return undefined;
  let o: unknown;
  try {
    o = JSON.parse(raw);
  } catch {
    return { refused: `${DEV_ACCOUNTS_ENV} is not JSON` };
  }
  if (
    !isRecord(o) ||
    typeof o.connection !== 'string' ||
    typeof o.url !== 'string' ||
    !Array.isArray(o.accounts)
  )
    return { refused: `${DEV_ACCOUNTS_ENV} lacks connection, url or accounts` };
  const { connection, url } = o;
  const accounts: unknown[] = o.accounts;
  if (!isLoopbackUrl(url)) return { refused: `${url} is not a loopback address` };
  const c = connections.find((x) => x.name === connection);
  if (!c) return { refused: `no connection named "${connection}"` };
  if (!isLoopbackUrl(c.url) || !sameEndpoint(c.url, url))
    return { refused: `connection "${c.name}" points at ${c.url}, not the local node ${url}` };
  const keys: KeyInfo[] = [];
  for (const a of accounts) {
    if (!isRecord(a) || typeof a.privateKey !== 'string' || typeof a.address !== 'string')
      return { refused: 'an account lacks address or privateKey' };
    const key = keyFromHex(a.privateKey, !!c.sm);
    if (key.address.toLowerCase() !== a.address.toLowerCase())
      return { refused: `the key of ${a.address} derives ${key.address}` };
    keys.push(key);
  }
  if (!keys.length) return { refused: 'no accounts' };
  return { connection: c.name, keys };
}
