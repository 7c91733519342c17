// BFS path rules of a 3.16 node (precompiled.md §2.4): validation, normalisation, parent/base split.

import {
  BFS_MAX_LEVELS,
  BFS_MAX_PATH_LENGTH,
  BFS_SEGMENT_PATTERN,
  BFS_WRITE_PREFIXES,
} from '../../protocol/builtin/bfs';

/** The node's checkPathValid for block version ≥ 3.3. */
export function checkPathValid(path: string): boolean {
  if (path.length === 0 || path.length > BFS_MAX_PATH_LENGTH) return false;
  if (path === '/') return true;
  let body = path.startsWith('/') ? path.slice(1) : path;
  if (body.endsWith('/')) body = body.slice(0, -1);
  // Consecutive slashes collapse, but a leading empty segment ("//x") stays and fails below.
  const segments = body.split(/\/+/);
  if (segments.length === 0 || segments.length > BFS_MAX_LEVELS) return false;
  return segments.every((s) => s.length > 0 && BFS_SEGMENT_PATTERN.test(s));
}

/** Canonical storage form of a valid path: leading "/", no trailing "/", single separators. */
export function normalizePath(path: string): string {
  const segments = path.split('/').filter((s) => s.length > 0);
  return '/' + segments.join('/');
}

export function pathSegments(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** ["/apps/a", "b"] for "/apps/a/b"; ["/", "apps"] for "/apps"; ["/", "/"] for "/". */
export function parentAndBase(path: string): [string, string] {
  const norm = normalizePath(path);
  if (norm === '/') return ['/', '/'];
  const i = norm.lastIndexOf('/');
  return [i === 0 ? '/' : norm.slice(0, i), norm.slice(i + 1)];
}

/** mkdir/link/touch may only create under /apps/, /tables/ or /usr/. */
export function hasWritePrefix(path: string): boolean {
  return BFS_WRITE_PREFIXES.some((p) => path.startsWith(p));
}
