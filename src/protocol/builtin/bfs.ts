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
