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

/** Validates an absolute path typed by the user (link target). */
export function validateLinkPath(path: string): string | undefined {
  if (!path.startsWith('/apps/')) return 'Links live under /apps/, e.g. /apps/HelloWorld/1.0.';
  const parts = path.split('/').filter(Boolean);
  if (parts.length < 2) return 'Give a name under /apps, e.g. /apps/HelloWorld/1.0.';
  for (const p of parts) if (!SEGMENT.test(p)) return `"${p}" is not a valid path segment.`;
  if (path.length > 128) return 'The path must stay within 128 characters.';
  if (parts.length > 6) return 'BFS paths have at most 6 levels.';
  return undefined;
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
