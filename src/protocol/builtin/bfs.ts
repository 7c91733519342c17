// BFSPrecompiled (0x100e, /sys/bfs): ABI, file types and limits (precompiled.md §2).

export { BFS_ADDRESS } from './addresses';

const BFS_INFO = 'tuple(string file_name, string file_type, string[] ext)';

export const BFS_ABI: readonly string[] = [
  `function list(string absolutePath) view returns (int32, ${BFS_INFO}[])`,
  `function list(string absolutePath, uint256 offset, uint256 limit) view returns (int256, ${BFS_INFO}[])`,
  'function mkdir(string absolutePath) returns (int32)',
  'function link(string absolutePath, string _address, string _abi) returns (int256)',
  'function link(string name, string version, string _address, string _abi) returns (int32)',
  'function readlink(string absolutePath) view returns (address)',
  'function touch(string absolutePath, string fileType) returns (int32)',
  'function initBfs()',
  'function rebuildBfs(uint256 from, uint256 to) returns (int32)',
  'function fixBfs(uint256 version) returns (int32)',
];

export const BFS_SIG = {
  list: 'list(string)',
  listPaged: 'list(string,uint256,uint256)',
  mkdir: 'mkdir(string)',
  link: 'link(string,string,string)',
  linkNameVersion: 'link(string,string,string,string)',
  readlink: 'readlink(string)',
  touch: 'touch(string,string)',
  initBfs: 'initBfs()',
  rebuildBfs: 'rebuildBfs(uint256,uint256)',
  fixBfs: 'fixBfs(uint256)',
} as const;

export const BFS_TYPE_DIRECTORY = 'directory';
export const BFS_TYPE_CONTRACT = 'contract';
export const BFS_TYPE_LINK = 'link';
export type BfsFileType = typeof BFS_TYPE_DIRECTORY | typeof BFS_TYPE_CONTRACT | typeof BFS_TYPE_LINK;

export const BFS_ROOT = '/';
export const BFS_APPS = '/apps';
export const BFS_TABLES = '/tables';
export const BFS_USR = '/usr';
export const BFS_SYS = '/sys';
/** Prefixes under which mkdir/link/touch may create entries. */
export const BFS_WRITE_PREFIXES: readonly string[] = ['/apps/', '/tables/', '/usr/'];

/** `list(path)` returns at most this many children; the console pages with the same size. */
export const BFS_LIST_MAX = 500;
/** Maximum absolute path length (block version ≥ 3.3). */
export const BFS_MAX_PATH_LENGTH = 128;
/** Maximum number of path levels. */
export const BFS_MAX_LEVELS = 6;
/** A path segment (≥ 3.2). */
export const BFS_SEGMENT_PATTERN = /^[\w]+[\w\-#@.]*$/;

/** One entry as `list` returns it: ext is the 5 stored strings for directory children, [address, abi] for a link. */
export interface BfsInfoTuple {
  fileName: string;
  fileType: string;
  ext: string[];
}

// Decoder for list's (int, BfsInfo[]) output. ethers' decoder copies the remaining buffer for
// every nested dynamic value, which is quadratic on a 500-entry page; this reads it in place.

const textDecoder = new TextDecoder();

function word(data: Uint8Array, at: number): bigint {
  if (at < 0 || at + 32 > data.length) throw new RangeError(`list output: read past the end at ${at}`);
  let v = 0n;
  for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(data[at + i]);
  return v;
}

function offset(data: Uint8Array, at: number): number {
  const v = word(data, at);
  if (v > BigInt(data.length)) throw new RangeError(`list output: offset ${v} out of range`);
  return Number(v);
}

function readString(data: Uint8Array, at: number): string {
  const length = offset(data, at);
  if (at + 32 + length > data.length) throw new RangeError('list output: string past the end');
  return textDecoder.decode(data.subarray(at + 32, at + 32 + length));
}

function readStringArray(data: Uint8Array, at: number): string[] {
  const n = offset(data, at);
  const base = at + 32;
  return Array.from({ length: n }, (_, i) => readString(data, base + offset(data, base + 32 * i)));
}

/** Decodes the output of list(string) / list(string,uint256,uint256): the code and the entries. */
export function decodeBfsList(data: Uint8Array): { code: bigint; entries: BfsInfoTuple[] } {
  const code = BigInt.asIntN(256, word(data, 0));
  const arrayAt = offset(data, 32);
  const n = offset(data, arrayAt);
  const base = arrayAt + 32;
  const entries = Array.from({ length: n }, (_, i) => {
    const tuple = base + offset(data, base + 32 * i);
    return {
      fileName: readString(data, tuple + offset(data, tuple)),
      fileType: readString(data, tuple + offset(data, tuple + 32)),
      ext: readStringArray(data, tuple + offset(data, tuple + 64)),
    };
  });
  return { code, entries };
}
