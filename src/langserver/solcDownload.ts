// Fetches a solc build from the npm registry's `solc` package on first use: the release list's
// `dist` (solcReleases.ts) gives the tarball URL and its integrity hash (SRI, sha512), so the
// tarball is the only request; it is checked against the hash before soljson.js is taken out and
// written into the cache (global storage), where SolcStore finds it offline afterwards. A failure
// leaves nothing in the cache.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { cachedSoljsonName } from './solcLoader';
import type { ReleaseDist } from './solcReleases';
import { fetchErrorMessage } from './untyped';

export interface DownloadProgress {
  received: number;
  total?: number;
}

/** Downloads release `version` from where its `dist` says, checked against dist.integrity. */
export async function downloadSolc(
  version: string,
  dist: ReleaseDist,
  cacheDir: string,
  onProgress?: (p: DownloadProgress) => void,
): Promise<string> {
  if (!dist.integrity)
    throw new Error(`The registry names no integrity hash for solc ${version} (${dist.tarball}).`);
  const res = await fetchOk(dist.tarball, `the solc ${version} tarball`);
  const total = Number(res.headers.get('content-length')) || undefined;
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (!res.body) throw new Error(`The solc ${version} tarball (${dist.tarball}) came back empty.`);
  const reader = res.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    const chunk = r.value;
    chunks.push(chunk);
    received += chunk.length;
    onProgress?.({ received, total });
  }
  const tgz = Buffer.concat(chunks);
  checkIntegrity(tgz, dist.integrity, `the solc ${version} tarball (${dist.tarball})`);
  const soljson = tarEntry(zlib.gunzipSync(tgz), 'package/soljson.js');
  if (!soljson) throw new Error(`The solc ${version} tarball holds no soljson.js.`);
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, cachedSoljsonName(version));
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, soljson);
  fs.renameSync(tmp, file);
  return file;
}

async function fetchOk(url: string, what: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (err) {
    const cause = fetchErrorMessage(err);
    throw new Error(`Could not download ${what} from ${url}: ${cause}`, { cause: err });
  }
  if (!res.ok) throw new Error(`Could not download ${what} from ${url}: HTTP ${res.status}`);
  return res;
}

/** Checks Subresource-Integrity text ("sha512-<base64>", possibly several) against the bytes. */
export function checkIntegrity(data: Uint8Array, integrity: string, what: string): void {
  const wanted = integrity
    .split(/\s+/)
    .map((s) => /^(sha512|sha384|sha256|sha1)-(.+)$/.exec(s))
    .filter((m): m is RegExpExecArray => !!m);
  if (!wanted.length)
    throw new Error(`The integrity hash of ${what} is not one this extension checks: ${integrity}`);
  const ok = wanted.some(([, algo, b64]) => crypto.createHash(algo).update(data).digest('base64') === b64);
  if (!ok) throw new Error(`The integrity check of ${what} failed: its hash does not match the registry's.`);
}

/** One file of a (ustar / GNU / pax) tar archive. */
export function tarEntry(tar: Uint8Array, wanted: string): Buffer | undefined {
  const buf = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  let paxPath: string | undefined;
  for (let off = 0; off + 512 <= buf.length;) {
    const header = buf.subarray(off, off + 512);
    if (header.every((b) => b === 0)) return undefined;
    const str = (a: number, b: number) => header.subarray(a, b).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(str(124, 136).trim() || '0', 8);
    const type = str(156, 157);
    const prefix = str(345, 500);
    const name = paxPath ?? (prefix ? `${prefix}/${str(0, 100)}` : str(0, 100));
    const body = buf.subarray(off + 512, off + 512 + size);
    paxPath = undefined;
    if (type === 'x') paxPath = /\d+ path=([^\n]+)\n/.exec(body.toString('utf8'))?.[1];
    else if ((type === '0' || type === '') && name === wanted) return Buffer.from(body);
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return undefined;
}
