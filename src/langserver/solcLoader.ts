// The solc builds the language server can load: the bundled `solc` package, `solc-<version>`
// npm aliases installed next to the extension (the test suite installs the FISCO console's four
// versions this way), soljson files downloaded into the global-storage cache, and a configured
// soljson path. Loaded builds are kept for the life of the server.

import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { loadModule, parseJson } from './untyped';

export interface Solc {
  compile(input: string, options?: { import?: (p: string) => { contents?: string; error?: string } }): string;
  version(): string;
}

type Wrapper = (soljson: unknown) => Solc;

export function cachedSoljsonName(version: string): string {
  return `soljson-v${version}.js`;
}

export class SolcStore {
  private readonly loaded = new Map<string, Solc>();
  private aliases: Map<string, string> | undefined;

  /**
   * `cacheDir`: where downloads live (global storage); `searchFrom`: where node_modules are looked
   * up (solc, its wrapper, and solc-X aliases unless `aliases` is false).
   */
  constructor(
    readonly cacheDir: string | undefined,
    private readonly searchFrom: string = __dirname,
    private readonly options: { aliases: boolean } = { aliases: true },
  ) {}

  /** Version of the bundled `solc` package, if it is there. */
  bundledVersion(): string | undefined {
    try {
      const pkg = require.resolve('solc/package.json', { paths: [this.searchFrom] });
      return parseJson<{ version: string }>(fs.readFileSync(pkg, 'utf8')).version;
    } catch {
      return undefined;
    }
  }

  /** `solc-X.Y.Z` aliases in node_modules folders up from searchFrom: version → soljson path. */
  private aliasSoljsons(): Map<string, string> {
    if (this.aliases) return this.aliases;
    const found = new Map<string, string>();
    if (!this.options.aliases) return (this.aliases = found);
    for (let dir = this.searchFrom; ; dir = path.dirname(dir)) {
      const nm = path.join(dir, 'node_modules');
      if (fs.existsSync(nm))
        for (const name of fs.readdirSync(nm)) {
          const m = /^solc-(\d+\.\d+\.\d+)$/.exec(name);
          const soljson = m && path.join(nm, name, 'soljson.js');
          if (m && soljson && !found.has(m[1]) && fs.existsSync(soljson)) found.set(m[1], soljson);
        }
      if (path.dirname(dir) === dir) break;
    }
    this.aliases = found;
    return found;
  }

  private cachedFile(version: string): string | undefined {
    if (!this.cacheDir) return undefined;
    const file = path.join(this.cacheDir, cachedSoljsonName(version));
    return fs.existsSync(file) ? file : undefined;
  }

  /** Versions that load without a download, newest first. */
  available(): string[] {
    const versions = new Set<string>(this.aliasSoljsons().keys());
    const bundled = this.bundledVersion();
    if (bundled) versions.add(bundled);
    if (this.cacheDir && fs.existsSync(this.cacheDir))
      for (const f of fs.readdirSync(this.cacheDir)) {
        const m = /^soljson-v(\d+\.\d+\.\d+)\.js$/.exec(f);
        if (m) versions.add(m[1]);
      }
    return [...versions].sort(semver.rcompare);
  }

  /** Loads a version that is available (see available()). */
  load(version: string): Solc {
    const hit = this.loaded.get(version);
    if (hit) return hit;
    let solc: Solc;
    if (version === this.bundledVersion())
      solc = loadModule<Solc>(require.resolve('solc', { paths: [this.searchFrom] }));
    else {
      const file = this.aliasSoljsons().get(version) ?? this.cachedFile(version);
      if (!file) throw new Error(`solc ${version} is not available offline.`);
      solc = this.wrap(file);
    }
    this.loaded.set(version, solc);
    return solc;
  }

  /** Loads a soljson.js the user configured (fiscoBcos.solc.soljsonPath). */
  loadFile(soljsonPath: string): Solc {
    const hit = this.loaded.get(`file:${soljsonPath}`);
    if (hit) return hit;
    if (!fs.existsSync(soljsonPath))
      throw new Error(`fiscoBcos.solc.soljsonPath points to ${soljsonPath}, which does not exist.`);
    const solc = this.wrap(soljsonPath);
    this.loaded.set(`file:${soljsonPath}`, solc);
    return solc;
  }

  private wrap(soljsonFile: string): Solc {
    const wrapper = loadModule<Wrapper>(require.resolve('solc/wrapper', { paths: [this.searchFrom] }));
    return wrapper(loadModule<unknown>(soljsonFile));
  }
}
