// BFSPrecompiled at 0x100e (precompiled.md §2.5): list, paged list, mkdir, both link forms,
// readlink, touch. Errors are return codes with status 0, as on the node.

import { ZeroAddress, type Result } from 'ethers';
import { ACCOUNT_ADDRESS, BFS_ADDRESS, SYS_CONFIG_ADDRESS } from '../../protocol/builtin/addresses';
import {
  BFS_ABI,
  BFS_LIST_MAX,
  BFS_SIG,
  BFS_TYPE_DIRECTORY,
  BFS_TYPE_LINK,
} from '../../protocol/builtin/bfs';
import {
  CODE_ADDRESS_OR_VERSION_ERROR,
  CODE_FILE_ALREADY_EXIST,
  CODE_FILE_BUILD_DIR_FAILED,
  CODE_FILE_INVALID_PATH,
  CODE_FILE_NOT_EXIST,
  CODE_NO_AUTHORIZED,
  CODE_SUCCESS,
  CODE_TABLE_FIELD_VALUE_LENGTH_OVERFLOW,
} from '../../protocol/builtin/retcode';
import { TABLE_FIELD_VALUE_MAX_LENGTH } from '../../protocol/builtin/tables';
import { checkPathValid, normalizePath, parentAndBase } from './bfs-path';
import {
  entryType,
  isRecordedContract,
  listChildren,
  pathOccupied,
  readDirEntry,
  readLink,
  touch,
  writeGenesisBfs,
  writeLinkTable,
} from './bfs-tree';
import { bareAddress, checkLength, definePrecompiled, PrecompiledError } from './precompiled-base';
import { isTableContract } from './table-registry';
import type { PrecompiledContext, TableStore } from './types';
import { asBigInt, asString } from '../../protocol/unknownValues';

type BfsInfo = [string, string, string[]];

/** (code, entries) of list for one path; `page` selects [offset, offset+limit) of a directory. */
export function listPath(
  store: TableStore,
  path: string,
  page?: { offset: bigint; limit: bigint },
): [number, BfsInfo[]] {
  if (!checkPathValid(path)) return [CODE_FILE_INVALID_PATH, []];
  const norm = normalizePath(path);
  const type = entryType(store, norm);
  if (type === undefined) return [CODE_FILE_NOT_EXIST, []];
  const [, base] = parentAndBase(norm);
  if (type === BFS_TYPE_LINK) {
    const link = readLink(store, norm);
    return [CODE_SUCCESS, [[base, BFS_TYPE_LINK, [link?.address ?? '', link?.abi ?? '']]]];
  }
  if (type !== BFS_TYPE_DIRECTORY) {
    const [parent] = parentAndBase(norm);
    return [CODE_SUCCESS, [[base, type, readDirEntry(store, parent, base)!.slice(1)]]];
  }
  const children = listChildren(store, norm);
  const toInfo = ({ name, entry }: (typeof children)[number]): BfsInfo => [name, entry[0], entry.slice(1)];
  if (!page) return [CODE_SUCCESS, children.slice(0, BFS_LIST_MAX).map(toInfo)];
  const total = BigInt(children.length);
  const start = page.offset > total ? total : page.offset;
  const end = start + page.limit > total ? total : start + page.limit;
  const entries = children.slice(Number(start), Number(end)).map(toInfo);
  // A full page reports how many entries are left after it; a short page reports 0.
  const left = BigInt(entries.length) === page.limit ? total - page.offset - page.limit : 0n;
  return [Number(left), entries];
}

export function mkdir(store: TableStore, path: string): number {
  if (path.startsWith('/shards/')) return CODE_FILE_BUILD_DIR_FAILED;
  if (!checkPathValid(path)) return CODE_FILE_INVALID_PATH;
  if (pathOccupied(store, path)) return CODE_FILE_ALREADY_EXIST;
  return touch(store, path, BFS_TYPE_DIRECTORY);
}

/** Shared tail of both link forms: overwrite an existing link, refuse other entries, else create. */
function linkAt(store: TableStore, path: string, address: string, abi: string, name?: string): number {
  if (!checkPathValid(path)) return CODE_FILE_INVALID_PATH;
  const type = entryType(store, path);
  if (type === BFS_TYPE_LINK) {
    writeLinkTable(store, path, address, abi, name);
    return CODE_SUCCESS;
  }
  if (type !== undefined || store.hasTable(normalizePath(path))) return CODE_FILE_ALREADY_EXIST;
  const code = touch(store, path, BFS_TYPE_LINK);
  if (code !== CODE_SUCCESS) return code;
  writeLinkTable(store, path, address, abi, name);
  return CODE_SUCCESS;
}

/** 3-argument link: the path is relative to /apps/ (one leading "/" dropped), as on the node. */
export function linkRelative(store: TableStore, relPath: string, address: string, abi: string): number {
  const path = '/apps/' + (relPath.startsWith('/') ? relPath.slice(1) : relPath);
  return linkAt(store, path, address, abi);
}

async function contractExists(ctx: PrecompiledContext, address: string): Promise<boolean> {
  if (isRecordedContract(ctx.store, address) || isTableContract(ctx.store, address)) return true;
  const code = await ctx.codeAt('0x' + bareAddress(address));
  return code.length > 0;
}

/** CNS-style link(name, version, address, abi) → /apps/<name>/<version>. */
export async function linkNameVersion(
  ctx: PrecompiledContext,
  rawName: string,
  rawVersion: string,
  address: string,
  abi: string,
): Promise<number> {
  const name = rawName.trim();
  const version = rawVersion.trim();
  if (name.includes('/') || version.includes('/')) return CODE_ADDRESS_OR_VERSION_ERROR;
  if (!/^(0x)?[0-9a-fA-F]{40}$/.test(address)) return CODE_ADDRESS_OR_VERSION_ERROR;
  if (!(await contractExists(ctx, address))) return CODE_ADDRESS_OR_VERSION_ERROR;
  checkLength(abi, TABLE_FIELD_VALUE_MAX_LENGTH, CODE_TABLE_FIELD_VALUE_LENGTH_OVERFLOW);
  return linkAt(ctx.store, `/apps/${name}/${version}`, address, abi, version);
}

/** readlink: the target of a link, otherwise the zero address. */
export function readlinkAddress(store: TableStore, path: string): string {
  if (!checkPathValid(path)) return ZeroAddress;
  const link = readLink(store, path);
  if (!link || !/^(0x)?[0-9a-fA-F]{40}$/.test(link.address)) return ZeroAddress;
  return '0x' + bareAddress(link.address);
}

const str = (args: Result, i: number) => asString(args[i]);

export const bfsPrecompiled = definePrecompiled({
  address: BFS_ADDRESS,
  name: 'BFSPrecompiled',
  abi: BFS_ABI,
  functions: {
    [BFS_SIG.list]: { run: (ctx, a) => listPath(ctx.store, str(a, 0)) },
    [BFS_SIG.listPaged]: {
      run: (ctx, a) => listPath(ctx.store, str(a, 0), { offset: asBigInt(a[1]), limit: asBigInt(a[2]) }),
    },
    [BFS_SIG.mkdir]: { write: true, run: (ctx, a) => [mkdir(ctx.store, str(a, 0))] },
    [BFS_SIG.link]: {
      write: true,
      run: (ctx, a) => [linkRelative(ctx.store, str(a, 0), str(a, 1), str(a, 2))],
    },
    [BFS_SIG.linkNameVersion]: {
      write: true,
      run: async (ctx, a) => [await linkNameVersion(ctx, str(a, 0), str(a, 1), str(a, 2), str(a, 3))],
    },
    [BFS_SIG.readlink]: { run: (ctx, a) => [readlinkAddress(ctx.store, str(a, 0))] },
    [BFS_SIG.touch]: {
      write: true,
      run: (ctx, a) => {
        if (checkPathValid(str(a, 0)) && pathOccupied(ctx.store, str(a, 0))) return [CODE_FILE_ALREADY_EXIST];
        // Touches made for AccountPrecompiled (0x10004) skip the prefix check, as on the node.
        const fromAccount = [ctx.caller, ctx.origin].some(
          (x) => bareAddress(x) === bareAddress(ACCOUNT_ADDRESS),
        );
        return [touch(ctx.store, str(a, 0), str(a, 1), !fromAccount)];
      },
    },
    [BFS_SIG.initBfs]: {
      write: true,
      run: (ctx) => {
        if (ctx.store.keys('/').length === 0) writeGenesisBfs(ctx.store);
        return [];
      },
    },
    // The devnode starts at 3.16 with the ≥ 3.1 layout, so there is nothing to rebuild or fix.
    [BFS_SIG.rebuildBfs]: {
      write: true,
      run: (ctx) => [
        bareAddress(ctx.caller) === bareAddress(SYS_CONFIG_ADDRESS) ? CODE_SUCCESS : CODE_NO_AUTHORIZED,
      ],
    },
    [BFS_SIG.fixBfs]: {
      write: true,
      // BFSPrecompiled::fixBfs: only version 3.3 (0x03030000) is known; fixBfs330 re-creates the
      // root's subdirectories when one is missing, and a devnode's genesis tree always has them,
      // so it finds nothing to repair, as the node does on any chain created at >= 3.3.
      run: (_ctx, args) => {
        if (BigInt(String(args[0])) !== 0x03030000n)
          throw new PrecompiledError('BFSPrecompiled call undefined function!');
        return [CODE_SUCCESS];
      },
    },
  },
});
