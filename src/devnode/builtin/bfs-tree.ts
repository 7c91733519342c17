// The BFS tree in the TableStore, laid out as the node keeps it (precompiled.md §2.2):
// a directory is a table named by its absolute path with one row per child
// (value = JSON of the 6 strings [type, status, acl_type, acl_white, acl_black, extra]);
// a link is a table named by its path with rows type / link_address / link_abi / name.
// An empty directory has no rows, so existence is read from the parent's row (root always exists).

import { SYS_BFS_LINKS } from '../../protocol/builtin/addresses';
import { BFS_TYPE_DIRECTORY, BFS_TYPE_LINK } from '../../protocol/builtin/bfs';
import {
  CODE_FILE_BUILD_DIR_FAILED,
  CODE_FILE_INVALID_PATH,
  CODE_FILE_INVALID_TYPE,
  CODE_SUCCESS,
} from '../../protocol/builtin/retcode';
import { bareAddress } from './precompiled-base';
import { checkPathValid, hasWritePrefix, normalizePath, parentAndBase, pathSegments } from './bfs-path';
import type { TableStore } from './types';
import { parseOwnJson } from '../ownJson';

export const LINK_TYPE_ROW = 'type';
export const LINK_ADDRESS_ROW = 'link_address';
export const LINK_ABI_ROW = 'link_abi';
export const LINK_NAME_ROW = 'name';

/** A child row: [type, status, acl_type, acl_white, acl_black, extra]. */
export type DirEntry = [string, string, string, string, string, string];

export function newDirEntry(type: string): DirEntry {
  return [type, '0', '0', '', '', ''];
}

export function readDirEntry(store: TableStore, dir: string, name: string): DirEntry | undefined {
  const raw = store.get(dir, name);
  return raw === undefined ? undefined : parseOwnJson<DirEntry>(raw);
}

/** Also used by the governance code for the deploy ACL kept in the root row "apps" (fields 2-4). */
export function writeDirEntry(store: TableStore, dir: string, name: string, entry: DirEntry): void {
  store.set(dir, name, JSON.stringify(entry));
}

/** File type at a path, undefined when nothing is there. */
export function entryType(store: TableStore, path: string): string | undefined {
  const norm = normalizePath(path);
  if (norm === '/') return BFS_TYPE_DIRECTORY;
  const [parent, base] = parentAndBase(norm);
  return readDirEntry(store, parent, base)?.[0];
}

/** True when a BFS entry or a storage table already occupies the path. */
export function pathOccupied(store: TableStore, path: string): boolean {
  return entryType(store, path) !== undefined || store.hasTable(normalizePath(path));
}

/**
 * Creates the missing parents of `path` as directories (like mkdir -p) and registers `path`
 * itself with `type` in its parent. Callers check `parentsBlocked` first.
 */
function createEntry(store: TableStore, path: string, type: string): void {
  const segments = pathSegments(path);
  let dir = '/';
  for (let i = 0; i < segments.length; i++) {
    const name = segments[i];
    const last = i === segments.length - 1;
    const existing = readDirEntry(store, dir, name);
    if (last) {
      if (!existing) writeDirEntry(store, dir, name, newDirEntry(type));
    } else if (!existing) {
      writeDirEntry(store, dir, name, newDirEntry(BFS_TYPE_DIRECTORY));
    } else if (existing[0] !== BFS_TYPE_DIRECTORY) {
      throw new Error(`BFS: ${dir === '/' ? '' : dir}/${name} is not a directory`);
    }
    dir = dir === '/' ? `/${name}` : `${dir}/${name}`;
  }
}

/** Parents that would have to be created but exist as non-directories. */
function parentsBlocked(store: TableStore, path: string): boolean {
  const segments = pathSegments(path);
  let dir = '/';
  for (let i = 0; i < segments.length - 1; i++) {
    const e = readDirEntry(store, dir, segments[i]);
    if (e && e[0] !== BFS_TYPE_DIRECTORY) return true;
    if (!e) return false;
    dir = dir === '/' ? `/${segments[i]}` : `${dir}/${segments[i]}`;
  }
  return false;
}

/** The node's touch(path, type): validate, then create parents and the metadata row. */
export function touch(store: TableStore, path: string, type: string, checkPrefix = true): number {
  if (type !== 'directory' && type !== 'contract' && type !== 'link') return CODE_FILE_INVALID_TYPE;
  if (!checkPathValid(path)) return CODE_FILE_INVALID_PATH;
  if (checkPrefix && !hasWritePrefix(path)) return CODE_FILE_INVALID_PATH;
  if (parentsBlocked(store, path)) return CODE_FILE_BUILD_DIR_FAILED;
  createEntry(store, normalizePath(path), type);
  return CODE_SUCCESS;
}

export interface LinkRecord {
  address: string; // as stored: hex without 0x, case preserved
  abi: string;
  name?: string;
}

export function readLink(store: TableStore, path: string): LinkRecord | undefined {
  const norm = normalizePath(path);
  if (entryType(store, norm) !== BFS_TYPE_LINK) return undefined;
  const address = store.get(norm, LINK_ADDRESS_ROW);
  if (address === undefined) return undefined;
  return { address, abi: store.get(norm, LINK_ABI_ROW) ?? '', name: store.get(norm, LINK_NAME_ROW) };
}

/** Writes (or overwrites) the link table; the caller has validated the path and created the entry. */
export function writeLinkTable(
  store: TableStore,
  path: string,
  address: string,
  abi: string,
  name?: string,
): void {
  const norm = normalizePath(path);
  store.set(norm, LINK_TYPE_ROW, BFS_TYPE_LINK);
  store.set(norm, LINK_ADDRESS_ROW, stripPrefix(address));
  // An empty ABI clears the stored one (bugfix_empty_abi_reset is on for a 3.16 genesis).
  store.set(norm, LINK_ABI_ROW, abi === '' ? undefined : abi);
  if (name !== undefined) store.set(norm, LINK_NAME_ROW, name);
}

function stripPrefix(address: string): string {
  return address.startsWith('0x') || address.startsWith('0X') ? address.slice(2) : address;
}

/** Creates (parents +) a link at an absolute path; returns a BFS code. Used by link and table creation. */
export function createLink(
  store: TableStore,
  path: string,
  address: string,
  abi: string,
  name?: string,
): number {
  const code = touch(store, path, BFS_TYPE_LINK);
  if (code !== CODE_SUCCESS) return code;
  writeLinkTable(store, path, address, abi, name);
  return CODE_SUCCESS;
}

/** Children of a directory in storage key order. */
export function listChildren(store: TableStore, dir: string): { name: string; entry: DirEntry }[] {
  const norm = normalizePath(dir);
  return store.keys(norm).map((name) => ({ name, entry: readDirEntry(store, norm, name)! }));
}

/** The 3.16 genesis tree (§2.3): /apps, /usr, /tables, /sys with its 15 built-in links. */
export function writeGenesisBfs(store: TableStore): void {
  for (const dir of ['apps', 'usr', 'tables', 'sys'])
    writeDirEntry(store, '/', dir, newDirEntry(BFS_TYPE_DIRECTORY));
  for (const { name, address } of SYS_BFS_LINKS) {
    writeDirEntry(store, '/sys', name, newDirEntry(BFS_TYPE_LINK));
    writeLinkTable(store, `/sys/${name}`, address, '');
  }
}

/**
 * What a Solidity deployment does to BFS (§2.6): the contract's storage table `/apps/<addr>`
 * exists (so mkdir/link over it fail as on a node) but no row is added to /apps, so `list /apps`
 * does not show it. The chain engine calls this after a successful EVM deployment.
 */
export function recordDeployedContract(store: TableStore, address: string): void {
  store.set(`/apps/${bareAddress(address)}`, 'deployed', '1');
}

/** True when `recordDeployedContract` ran for the address. */
export function isRecordedContract(store: TableStore, address: string): boolean {
  return store.hasTable(`/apps/${bareAddress(address)}`);
}
