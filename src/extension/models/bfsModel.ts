// BFS view model: paths, paging and what each entry kind offers. Pure (precompiled.md §2).

import type { BfsEntry } from '../chain/chainApi';

export const BFS_PAGE_SIZE = 500;
const SEGMENT = /^[\w]+[\w\-#@.]*$/;
const WRITABLE = ['/apps', '/tables', '/usr'];

export function joinPath(parent: string, name: string): string {
  return parent === '/' ? `/${name}` : `${parent.replace(/\/+$/, '')}/${name}`;
}

export function parentOf(path: string): string {
  const i = path.replace(/\/+$/, '').lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** Whether new directories and links may be created under this directory. */
export function isWritableDir(path: string): boolean {
  return WRITABLE.some((w) => path === w || path.startsWith(`${w}/`));
}

/** Validates a single new name under `parent`; returns a message or undefined. */
export function validateChildName(parent: string, name: string): string | undefined {
  if (!name) return 'Enter a name.';
  if (name.includes('/')) return 'Enter one name, without "/".';
  if (!SEGMENT.test(name)) return 'Use letters, digits and _ - # @ . (starting with a letter, digit or _).';
  if (!isWritableDir(parent)) return 'New entries can only be created under /apps, /tables or /usr.';
  const full = joinPath(parent, name);
  if (full.length > 128) return 'The full path must stay within 128 characters.';
  if (full.split('/').filter(Boolean).length > 6) return 'BFS paths have at most 6 levels.';
  return undefined;
}

/*
 * Links. What the node does with a link request (FISCO-BCOS bcos-executor/src/precompiled/
 * BFSPrecompiled.cpp):
 * - link(name, version, address, abi) (`linkAdaptCNS`) refuses a name or version containing "/"
 *   (`checkLinkParam`) and stores /apps/<name>/<version>;
 * - link(path, address, abi) (`link` → `linkImpl`) prepends "/apps/" to whatever it is given
 *   (`getContractTableName(getLinkRootDir(), path)`, bcos-executor/src/Common.h), so "/usr/x"
 *   lands at /apps/usr/x and "/apps/A//usr/x" keeps its empty segment;
 * - both then apply `checkPathValid` (bcos-executor/src/precompiled/common/Utilities.cpp): at most
 *   FS_PATH_MAX_LEVEL = 6 levels, FS_PATH_MAX_LENGTH_330 = 128 characters from 3.3, and each
 *   segment matching ^[\w]+[\w\-#@.]*$ from 3.2.
 * So the extension accepts only what the chain stores exactly where the user was told.
 */

/** One segment of a link (a contract name, a version, a directory name): the node's segment rule. */
export function validateLinkSegment(text: string, what: 'name' | 'version' = 'name'): string | undefined {
  if (!text) return `Enter a ${what}.`;
  if (text.includes('/'))
    return `A ${what} is one path segment: "/" is not allowed (the chain would store it somewhere else).`;
  if (!SEGMENT.test(text))
    return `"${text}" is not a valid ${what}: use letters, digits and _ - # @ . (starting with a letter, digit or _).`;
  return undefined;
}

/**
 * The one check every link entry point uses: an absolute path under /apps/ whose every segment
 * passes validateLinkSegment, within the node's level and length limits.
 */
export function validateLinkPath(path: string): string | undefined {
  if (!path.startsWith('/apps/')) return 'Links live under /apps/, e.g. /apps/HelloWorld/1.0.';
  if (path.endsWith('/')) return 'A link path does not end with "/".';
  const parts = path.split('/').slice(1);
  if (parts.some((p) => p === '')) return 'A link path has no empty segments ("//").';
  if (parts.length < 2) return 'Give a name under /apps, e.g. /apps/HelloWorld/1.0.';
  for (const p of parts.slice(1)) {
    const problem = validateLinkSegment(p);
    if (problem) return problem;
  }
  if (path.length > 128) return 'The path must stay within 128 characters.';
  if (parts.length > 6) return 'BFS paths have at most 6 levels.';
  return undefined;
}

/** A version typed for /apps/<contract>/<version>: one segment, and the whole path valid. */
export function validateLinkVersion(contractName: string, version: string): string | undefined {
  return validateLinkSegment(version, 'version') ?? validateLinkPath(defaultLinkPath(contractName, version));
}

/** Where "Link a Contract Here" can make a link: /apps and the directories below it. */
export function canLinkIn(dir: string): boolean {
  return dir === '/apps' || dir.startsWith('/apps/');
}

/** Why no link can be made in `dir`, or undefined when it can. */
export function linkDirProblem(dir: string): string | undefined {
  return canLinkIn(dir)
    ? undefined
    : `Links can only be made under /apps, not in ${dir}. Choose /apps or a directory below it.`;
}

/** A link name typed for a directory: the directory takes links, one segment, the whole path valid. */
export function validateLinkChild(parent: string, name: string): string | undefined {
  return linkDirProblem(parent) ?? validateLinkSegment(name) ?? validateLinkPath(joinPath(parent, name));
}

/** /apps/<name>/<version>, as the console's deploy -l does. */
export function defaultLinkPath(contractName: string, version = 'latest'): string {
  return `/apps/${contractName}/${version}`;
}

export type BfsKind = 'directory' | 'contract' | 'link' | 'other';

export function kindOf(entry: BfsEntry): BfsKind {
  const t = entry.type.toLowerCase();
  return t === 'directory' || t === 'contract' || t === 'link' ? t : 'other';
}

/** Codicon per kind. */
export function iconOf(entry: BfsEntry): string {
  switch (kindOf(entry)) {
    case 'directory':
      return 'folder';
    case 'contract':
      return 'file-code';
    case 'link':
      return 'link';
    default:
      return 'file';
  }
}

/** Tree description: a link shows its target like the console's `name -> address`. */
export function describeEntry(entry: BfsEntry, path: string): string | undefined {
  if (entry.address) return `→ ${entry.address}`;
  if (path.startsWith('/sys/')) return 'built-in';
  return undefined;
}

/** Address of a contract entry: links carry it, /apps/<addr> and /sys/<addr> entries are named by it. */
export function addressOf(entry: BfsEntry): string | undefined {
  if (entry.address) return entry.address.startsWith('0x') ? entry.address : `0x${entry.address}`;
  if (kindOf(entry) === 'contract' && /^(0x)?[0-9a-fA-F]{1,40}$/.test(entry.name)) {
    const hex = entry.name.replace(/^0x/, '');
    return `0x${hex.padStart(40, '0')}`;
  }
  return undefined;
}

/** Sorts directories first, then by name, as file explorers do. */
export function sortEntries(entries: readonly BfsEntry[]): BfsEntry[] {
  return [...entries].sort((a, b) => {
    const da = kindOf(a) === 'directory' ? 0 : 1;
    const db = kindOf(b) === 'directory' ? 0 : 1;
    return da - db || a.name.localeCompare(b.name);
  });
}

/** Accumulates pages of one directory: what is loaded and whether to show "load more". */
export class PagedChildren {
  readonly entries: BfsEntry[] = [];
  left = 0;
  loaded = false;

  add(page: { entries: BfsEntry[]; left: number }): void {
    this.entries.push(...page.entries);
    this.left = Math.max(0, page.left);
    this.loaded = true;
  }

  get nextOffset(): number {
    return this.entries.length;
  }

  get hasMore(): boolean {
    return this.left > 0;
  }
}
