// Libraries already deployed that a contract could link instead of deploying new ones: this
// workspace's deployment records for the active chain (same name), and BFS links under /apps whose
// name is the library's or whose ABI provides the library's functions (as `Link into BFS` and the
// console's CNS-style `link` leave them: /apps/<name>/<version>, or /apps/<name>). Bounded, so a
// large /apps costs a few dozen queries at most.

import { isAddress, normalizeAddress } from '../../protocol/address';
import type { ChainApi } from '../chain/chainApi';
import type { KnownContract } from '../abiRegistry';
import { abiProvidesLibrary } from '../compile/linking';
import { kindOf } from '../models/bfsModel';

export interface LibraryCandidate {
  address: string;
  /** Where it was found: "deployment records" and/or a BFS path. */
  sources: string[];
  /** When the record says (deployment records only). */
  deployedAt?: number;
}

/** Directories under /apps looked into besides the library's own; links per directory. */
const OTHER_DIRS = 30;
const LINKS_PER_DIR = 20;

export async function libraryCandidates(
  api: ChainApi,
  records: KnownContract[],
  connection: string,
  library: { name: string; abi: unknown[] },
): Promise<LibraryCandidate[]> {
  const out: LibraryCandidate[] = [];
  const add = (address: string, source: string, deployedAt?: number) => {
    if (!isAddress(address)) return;
    const a = normalizeAddress(address);
    if (/^0x0{40}$/.test(a)) return;
    const hit = out.find((c) => c.address === a);
    if (hit) hit.sources.push(source);
    else out.push({ address: a, sources: [source], ...(deployedAt ? { deployedAt } : {}) });
  };
  for (const r of [...records].reverse())
    if (r.connection === connection && r.name === library.name)
      add(r.address, 'deployment records', r.deployedAt);
  for (const link of await bfsLinks(api, library.name)) {
    const named = link.path.split('/')[2] === library.name;
    const abiKnown = !!link.abi && link.abi !== '[]';
    // A link named like the library is offered unless its ABI is known and lacks a function.
    if (abiKnown ? abiProvidesLibrary(link.abi, library.abi) : named) add(link.address, link.path);
  }
  return out;
}

/** BFS links under /apps: the library's directory first, then a bounded number of others. */
async function bfsLinks(
  api: ChainApi,
  name: string,
): Promise<{ path: string; address: string; abi?: string }[]> {
  const apps = await api.bfsList('/apps', 0, 500).catch(() => undefined);
  if (!apps) return [];
  const entries = [...apps.entries].sort((a, b) => Number(b.name === name) - Number(a.name === name));
  const paths: string[] = [];
  let others = 0;
  for (const e of entries) {
    const kind = kindOf(e);
    if (kind === 'link') paths.push(`/apps/${e.name}`);
    else if (kind === 'directory' && (e.name === name || others++ < OTHER_DIRS)) {
      const versions = await api.bfsList(`/apps/${e.name}`, 0, LINKS_PER_DIR).catch(() => undefined);
      for (const v of versions?.entries ?? [])
        if (kindOf(v) === 'link') paths.push(`/apps/${e.name}/${v.name}`);
    }
  }
  const links: { path: string; address: string; abi?: string }[] = [];
  for (const path of paths) {
    // Listing a link gives its own entry with the target address and the ABI stored with it.
    const self = (await api.bfsList(path, 0, 1).catch(() => undefined))?.entries[0];
    const address = self?.address ?? (await api.bfsReadlink(path).catch(() => undefined));
    if (address) links.push({ path, address, ...(self?.abi ? { abi: self.abi } : {}) });
  }
  return links;
}
