// Which solc versions the npm registry's `solc` package has released: read from its package
// metadata (the abbreviated "install" document npm itself uses), kept in memory and in the
// download cache (global storage) for a day, so that the version choice is "the newest release
// that satisfies the pragma" without asking the registry on every keystroke. When the registry
// cannot be reached the lookup says so (the caller then compiles with what is installed), and it
// is not asked again for a few minutes. The same document names each release's tarball and its
// integrity hash, so a download asks the registry for nothing but the tarball.

import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { fetchErrorMessage, parseJson } from './untyped';

/** How long a fetched release list is used before the registry is asked again. */
export const RELEASES_TTL_MS = 24 * 60 * 60 * 1000;
/** After a failed lookup, how long the registry is left alone (typing compiles often). */
export const RELEASES_RETRY_MS = 5 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;
export const RELEASES_FILE = 'solc-releases.json';

/** Where a release's tarball is, and its Subresource-Integrity hash (dist.integrity). */
export interface ReleaseDist {
  tarball: string;
  integrity?: string;
}

interface CachedList {
  registry: string;
  fetchedAt: number;
  versions: string[];
  /** By version: what `dist` says of it. Cache files written before it had none: asked again. */
  dists: Record<string, ReleaseDist>;
}

export type ReleaseLookup =
  { versions: string[]; fetchedAt: number } | { versions: undefined; error: string };

/**
 * Plain x.y.z releases named in registry metadata that carry a tarball (the registry also lists
 * rebuilt "0.8.7-fixed"-style prereleases and 0.1.x/0.2.x builds with suffixes; those are skipped).
 */
export function releasesFromMetadata(text: string): string[] {
  return Object.keys(releaseDists(text)).sort(semver.rcompare);
}

/** The `dist` (tarball URL, integrity) of each release releasesFromMetadata lists. */
export function releaseDists(text: string): Record<string, ReleaseDist> {
  const meta = parseJson<{
    versions?: Record<string, { dist?: { tarball?: unknown; integrity?: unknown } }>;
  }>(text);
  if (!meta || typeof meta !== 'object' || !meta.versions || typeof meta.versions !== 'object')
    throw new Error('The registry metadata of solc lists no versions.');
  const out: Record<string, ReleaseDist> = {};
  for (const [v, d] of Object.entries(meta.versions)) {
    const { tarball, integrity } = d?.dist ?? {};
    if (!/^\d+\.\d+\.\d+$/.test(v) || typeof tarball !== 'string') continue;
    out[v] = typeof integrity === 'string' ? { tarball, integrity } : { tarball };
  }
  return out;
}

export class ReleaseCatalog {
  private memory: CachedList | undefined;
  private failed: { registry: string; at: number; error: string } | undefined;
  private running: Promise<ReleaseLookup> | undefined;
  /** Registry requests made (tests). */
  fetches = 0;

  constructor(
    private readonly cacheDir: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The released versions (newest first), from memory, the cache file or the registry. */
  lookup(registry: string): Promise<ReleaseLookup> {
    const base = registry.replace(/\/$/, '');
    const fresh = (c: CachedList | undefined) =>
      c && c.registry === base && this.now() - c.fetchedAt < RELEASES_TTL_MS ? c : undefined;
    const hit = fresh(this.memory) ?? fresh((this.memory = this.readFile()));
    if (hit) return Promise.resolve({ versions: hit.versions, fetchedAt: hit.fetchedAt });
    if (this.failed?.registry === base && this.now() - this.failed.at < RELEASES_RETRY_MS)
      return Promise.resolve({ versions: undefined, error: this.failed.error });
    this.running ??= this.fetchList(base).finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * Where release `version` is (tarball URL and integrity), from the release list: no request of
   * its own once the list is known. A version missing from a list older than RELEASES_RETRY_MS
   * may be newer than the list, which is then read again. Throws, saying why, when the list cannot
   * be read or does not have the version.
   */
  async dist(registry: string, version: string): Promise<ReleaseDist> {
    const base = registry.replace(/\/$/, '');
    const listed = () =>
      this.memory?.registry === base && Object.hasOwn(this.memory.dists, version)
        ? this.memory.dists[version]
        : undefined;
    let r = await this.lookup(base);
    if (r.versions && !listed() && this.now() - r.fetchedAt >= RELEASES_RETRY_MS) {
      this.memory = undefined;
      this.running ??= this.fetchList(base).finally(() => (this.running = undefined));
      r = await this.running;
    }
    if (!r.versions) throw new Error(r.error);
    const dist = listed();
    if (!dist) throw new Error(`solc ${version} is not among the releases listed at ${base}/solc.`);
    return dist;
  }

  private async fetchList(base: string): Promise<ReleaseLookup> {
    const url = `${base}/solc`;
    this.fetches++;
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const dists = releaseDists(await res.text());
      const versions = Object.keys(dists).sort(semver.rcompare);
      if (!versions.length) throw new Error('it lists no solc release');
      const list: CachedList = { registry: base, fetchedAt: this.now(), versions, dists };
      this.memory = list;
      this.failed = undefined;
      this.writeFile(list);
      return { versions, fetchedAt: list.fetchedAt };
    } catch (err) {
      const cause = fetchErrorMessage(err);
      const error = `the solc release list could not be read from ${url}: ${cause}`;
      this.failed = { registry: base, at: this.now(), error };
      return { versions: undefined, error };
    }
  }

  private readFile(): CachedList | undefined {
    if (!this.cacheDir) return undefined;
    try {
      const c = parseJson<CachedList>(fs.readFileSync(path.join(this.cacheDir, RELEASES_FILE), 'utf8'));
      const ok =
        typeof c.registry === 'string' &&
        typeof c.fetchedAt === 'number' &&
        Array.isArray(c.versions) &&
        c.versions.every((v) => typeof v === 'string' && semver.valid(v)) &&
        typeof c.dists === 'object' &&
        c.dists !== null &&
        c.versions.every((v) => typeof c.dists[v]?.tarball === 'string');
      return ok ? c : undefined;
    } catch {
      return undefined; // none yet, or unreadable: asked again
    }
  }

  private writeFile(list: CachedList): void {
    if (!this.cacheDir) return;
    try {
      fs.mkdirSync(this.cacheDir, { recursive: true });
      const file = path.join(this.cacheDir, RELEASES_FILE);
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(list));
      fs.renameSync(tmp, file);
    } catch {
      // a read-only cache only costs a registry request per server start
    }
  }
}
