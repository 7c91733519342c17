// BfsService: the BFS built-in (0x100e) as the Java SDK's BFSService offers it — mkdir, list
// (whole and paged), isExist, both link forms, readlink — plus the 2.x name-service (CNS)
// operations mapped onto BFS (insert → link, selectByName → list, selectByNameAndVersion → readlink).

import { BFS_ADDRESS } from '../../protocol/builtin/addresses';
import {
  BFS_ABI,
  BFS_LIST_MAX,
  BFS_SIG,
  BFS_TYPE_DIRECTORY,
  BFS_TYPE_LINK,
  decodeBfsList,
  type BfsInfoTuple,
} from '../../protocol/builtin/bfs';
import { CODE_FILE_INVALID_PATH, CODE_FILE_NOT_EXIST, retCodeOf } from '../../protocol/builtin/retcode';
import { runAsync, type AsyncArgs, type Callback } from '../callback';
import { BuiltinService, requireText, type TxRetCode } from './builtin-service';
import { asString } from '../../protocol/unknownValues';

/** One BFS entry as the Java SDK's BFSInfo: links carry their target and ABI when the node returns them. */
export interface BfsInfo {
  fileName: string;
  fileType: string;
  /** Link target (0x + 40 hex) when listing the link itself. */
  address?: string;
  abi?: string;
  /** The raw ext strings the node returned. */
  ext: string[];
}

export interface BfsPage {
  /** Entries left after this page (≥ 0). */
  left: number;
  entries: BfsInfo[];
}

/** An error code from list (e.g. -53001 path not found, -53005 invalid path). */
export class BfsListError extends Error {
  constructor(
    readonly code: number,
    readonly path: string,
  ) {
    super(`list ${path}: ${retCodeOf(code).msg} (${code})`);
    this.name = 'BfsListError';
  }
}

function toInfo(raw: BfsInfoTuple, single: boolean): BfsInfo {
  const ext = raw.ext;
  const info: BfsInfo = { fileName: raw.fileName, fileType: raw.fileType, ext };
  // Only a listed link itself carries [address, abi]; directory children carry metadata strings.
  if (
    single &&
    info.fileType === BFS_TYPE_LINK &&
    ext.length === 2 &&
    /^(0x)?[0-9a-fA-F]{40}$/.test(ext[0])
  ) {
    info.address = '0x' + ext[0].replace(/^0x/i, '').toLowerCase();
    info.abi = ext[1];
  }
  return info;
}

function entriesOf(list: BfsInfoTuple[]): BfsInfo[] {
  return list.map((e) => toInfo(e, list.length === 1));
}

function baseName(path: string): string {
  const parts = path.split('/').filter((p) => p.length > 0);
  return parts.length === 0 ? '/' : parts[parts.length - 1];
}

function checkPath(op: string, path: unknown): string {
  return requireText(op, 'path', path);
}

function checkAddress(op: string, address: unknown): string {
  if (typeof address !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(address))
    throw new TypeError(`${op}: address must be 20 bytes of hex, got ${JSON.stringify(address)}`);
  return address.startsWith('0x') || address.startsWith('0X') ? address : '0x' + address;
}

function checkCount(op: string, name: string, value: unknown): bigint {
  if (typeof value !== 'number' && typeof value !== 'bigint')
    throw new TypeError(`${op}: ${name} must be a number`);
  const v = BigInt(value);
  if (v < 0n) throw new RangeError(`${op}: ${name} must not be negative`);
  return v;
}

/**
 * The node resolves the 3-argument link path relative to /apps/ (it prepends "/apps/"), so an
 * absolute "/apps/x/y" is sent as "x/y", as the console does. Other absolute paths are refused
 * instead of silently landing under /apps.
 */
export function linkPathArgument(path: string): string {
  if (path.startsWith('/apps/')) return path.slice('/apps/'.length);
  if (path.startsWith('/')) throw new RangeError(`link: links can only be created under /apps/, got ${path}`);
  return path;
}

export class BfsService extends BuiltinService {
  /** Creates a directory (and missing parents) under /apps or /tables. */
  async mkdir(path: string): Promise<TxRetCode> {
    return this.transactForRetCode(BFS_ADDRESS, BFS_ABI, BFS_SIG.mkdir, [checkPath('mkdir', path)]);
  }

  /** The children of a directory (at most 500), or the file itself; rejects with BfsListError on a code. */
  list(path: string): Promise<BfsInfo[]>;
  /** One page: entries [offset, offset+limit) and how many are left. */
  list(path: string, offset: number | bigint, limit: number | bigint): Promise<BfsPage>;
  async list(path: string, offset?: number | bigint, limit?: number | bigint): Promise<BfsInfo[] | BfsPage> {
    checkPath('list', path);
    if (offset === undefined && limit === undefined) {
      const r = decodeBfsList(await this.queryRaw(BFS_ADDRESS, BFS_ABI, BFS_SIG.list, [path]));
      if (r.code < 0n) throw new BfsListError(Number(r.code), path);
      return entriesOf(r.entries);
    }
    const from = checkCount('list', 'offset', offset);
    const count = checkCount('list', 'limit', limit);
    const r = decodeBfsList(
      await this.queryRaw(BFS_ADDRESS, BFS_ABI, BFS_SIG.listPaged, [path, from, count]),
    );
    if (r.code < 0n) throw new BfsListError(Number(r.code), path);
    return { left: Number(r.code), entries: entriesOf(r.entries) };
  }

  /** Every entry of a directory, paging through it 500 at a time. */
  async listAll(path: string): Promise<BfsInfo[]> {
    const all: BfsInfo[] = [];
    for (let offset = 0; ; offset += BFS_LIST_MAX) {
      const page = await this.list(path, offset, BFS_LIST_MAX);
      all.push(...page.entries);
      if (page.left <= 0) return all;
    }
  }

  /** The entry at `path`, or null when nothing is there. */
  async isExist(path: string): Promise<BfsInfo | null> {
    checkPath('isExist', path);
    if (path.split('/').every((p) => p === ''))
      return { fileName: '/', fileType: BFS_TYPE_DIRECTORY, ext: [] };
    const r = decodeBfsList(await this.queryRaw(BFS_ADDRESS, BFS_ABI, BFS_SIG.listPaged, [path, 0n, 1n]));
    const code = Number(r.code);
    if (code === CODE_FILE_NOT_EXIST || code === CODE_FILE_INVALID_PATH) return null;
    if (code < 0) throw new BfsListError(code, path);
    const entries = r.entries;
    const name = baseName(path);
    // A link lists as itself with [address, abi]; anything else that lists is a directory.
    if (
      entries.length === 1 &&
      entries[0].fileName === name &&
      entries[0].fileType !== BFS_TYPE_DIRECTORY &&
      code === 0
    ) {
      const info = toInfo(entries[0], true);
      if (info.fileType !== BFS_TYPE_LINK || info.address !== undefined) return info;
    }
    return { fileName: name, fileType: BFS_TYPE_DIRECTORY, ext: [] };
  }

  /** link(name, version, address, abi): /apps/<name>/<version> → address (CNS form; the contract must exist). */
  link(name: string, version: string, address: string, abi: string): Promise<TxRetCode>;
  /** link(path, address, abi): a link at /apps/<path> (an absolute /apps/… path is accepted). */
  link(path: string, address: string, abi: string): Promise<TxRetCode>;
  async link(...args: string[]): Promise<TxRetCode> {
    if (args.length === 4) {
      const [name, version, address, abi] = args;
      requireText('link', 'name', name);
      requireText('link', 'version', version);
      return this.transactForRetCode(BFS_ADDRESS, BFS_ABI, BFS_SIG.linkNameVersion, [
        name,
        version,
        checkAddress('link', address),
        abi ?? '',
      ]);
    }
    if (args.length === 3) {
      const [path, address, abi] = args;
      const rel = linkPathArgument(checkPath('link', path));
      return this.transactForRetCode(BFS_ADDRESS, BFS_ABI, BFS_SIG.link, [
        rel,
        checkAddress('link', address),
        abi ?? '',
      ]);
    }
    throw new TypeError('link: expected (name, version, address, abi) or (path, address, abi)');
  }

  /** Target of a link (0x + 40 hex); the zero address when `path` is not a link. */
  async readlink(path: string): Promise<string> {
    const r = await this.query(BFS_ADDRESS, BFS_ABI, BFS_SIG.readlink, [checkPath('readlink', path)]);
    return asString(r[0]).toLowerCase();
  }

  // 2.x name service (CNS) operations on BFS.

  /** CNS insert(name, version, address, abi) = link(name, version, address, abi). */
  insert(name: string, version: string, address: string, abi: string): Promise<TxRetCode> {
    return this.link(name, version, address, abi);
  }

  /** CNS selectByName(name) = list("/apps/<name>"): its versions. */
  selectByName(name: string): Promise<BfsInfo[]> {
    requireText('selectByName', 'name', name);
    return this.list(`/apps/${name}`);
  }

  /** CNS selectByNameAndVersion = readlink("/apps/<name>/<version>"). */
  selectByNameAndVersion(name: string, version: string): Promise<string> {
    requireText('selectByNameAndVersion', 'name', name);
    requireText('selectByNameAndVersion', 'version', version);
    return this.readlink(`/apps/${name}/${version}`);
  }

  // Callback forms.

  mkdirAsync(...args: AsyncArgs<[path: string], TxRetCode>): void {
    runAsync('mkdirAsync', args, (path: string) => this.mkdir(path));
  }
  listAsync(path: string, callback: Callback<BfsInfo[]>): void;
  listAsync(path: string, offset: number | bigint, limit: number | bigint, callback: Callback<BfsPage>): void;
  listAsync(...args: unknown[]): void {
    runAsync<BfsInfo[] | BfsPage>(
      'listAsync',
      args,
      (path: string, offset?: number | bigint, limit?: number | bigint) =>
        offset === undefined ? this.list(path) : this.list(path, offset, checkCount('list', 'limit', limit)),
    );
  }
  listAllAsync(...args: AsyncArgs<[path: string], BfsInfo[]>): void {
    runAsync('listAllAsync', args, (path: string) => this.listAll(path));
  }
  isExistAsync(...args: AsyncArgs<[path: string], BfsInfo | null>): void {
    runAsync('isExistAsync', args, (path: string) => this.isExist(path));
  }
  linkAsync(name: string, version: string, address: string, abi: string, callback: Callback<TxRetCode>): void;
  linkAsync(path: string, address: string, abi: string, callback: Callback<TxRetCode>): void;
  linkAsync(...args: unknown[]): void {
    // link's overloads take 3 or 4 strings; its implementation accepts any count and checks it.
    const link: (...a: string[]) => Promise<TxRetCode> = this.link.bind(this);
    runAsync('linkAsync', args, link);
  }
  readlinkAsync(...args: AsyncArgs<[path: string], string>): void {
    runAsync('readlinkAsync', args, (path: string) => this.readlink(path));
  }
  insertAsync(
    ...args: AsyncArgs<[name: string, version: string, address: string, abi: string], TxRetCode>
  ): void {
    runAsync('insertAsync', args, (n: string, v: string, a: string, abi: string) =>
      this.insert(n, v, a, abi),
    );
  }
  selectByNameAsync(...args: AsyncArgs<[name: string], BfsInfo[]>): void {
    runAsync('selectByNameAsync', args, (name: string) => this.selectByName(name));
  }
  selectByNameAndVersionAsync(...args: AsyncArgs<[name: string, version: string], string>): void {
    runAsync('selectByNameAndVersionAsync', args, (n: string, v: string) =>
      this.selectByNameAndVersion(n, v),
    );
  }
}
