// Which solc compiles a file: the `pragma solidity` ranges of the file and everything it imports,
// a workspace pin, the registry's releases (solcReleases.ts) or, offline, the installed versions;
// and the evmVersion FISCO BCOS runs for each.
// Pure; no I/O.

import semver from 'semver';

/** Releases of the npm `solc` package when this was built (0.4.12 was never published there): the
 * offline fallback when nothing installed fits and the registry cannot be read. */
const RELEASES: [minor: number, last: number][] = [
  [4, 26],
  [5, 17],
  [6, 12],
  [7, 6],
  [8, 37],
];

export const KNOWN_RELEASES: string[] = RELEASES.flatMap(([minor, last]) =>
  Array.from({ length: last + 1 }, (_, patch) => `0.${minor}.${patch}`),
).filter((v) => v !== '0.4.12');

/** The version ranges in `pragma solidity …;` statements of a source (comments ignored). */
export function pragmaRanges(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  const out: string[] = [];
  const re = /\bpragma\s+solidity\s+([^;]+);/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1].trim());
  return out;
}

/** A Solidity version range as semver reads it ("^0.8.0", ">=0.4.22 <0.9.0", "0.6.10"). */
export function toSemverRange(range: string): string {
  // Solidity allows "0.8" and "= 0.8.1"; semver wants no space after the operator.
  return range.replace(/([<>=^~]+)\s+/g, '$1').trim();
}

export function satisfiesAll(version: string, ranges: string[]): boolean {
  return ranges.every((r) => semver.satisfies(version, toSemverRange(r)));
}

export interface VersionChoice {
  version: string;
  /** true when the version must be fetched first. */
  download: boolean;
  reason: string;
  /** Set when the registry's release list was unknown and an installed version was taken. */
  offline?: boolean;
}

export interface VersionSources {
  /** Versions that load without a download (bundled, npm aliases, earlier downloads). */
  available: string[];
  /** The registry's releases (newest first); undefined when the registry could not be read. */
  releases?: string[];
  /** fiscoBcos.solc.version; wins when set. */
  pinned?: string;
}

/** The newest of `list` that satisfies every range. */
export function newestSatisfying(list: string[], ranges: string[]): string | undefined {
  return list.filter((v) => satisfiesAll(v, ranges)).sort(semver.rcompare)[0];
}

/**
 * The newest release that satisfies every range (downloaded when not available). A pin wins (and
 * is checked against the ranges). Without the registry's release list (offline), the newest
 * available version that satisfies them, else the newest release this build knows of.
 */
export function chooseVersion(ranges: string[], sources: VersionSources): VersionChoice {
  const { available, releases, pinned } = sources;
  for (const r of ranges)
    if (!semver.validRange(toSemverRange(r)))
      throw new Error(`"pragma solidity ${r}" is not a valid version range.`);
  if (pinned) {
    if (!semver.valid(pinned))
      throw new Error(`fiscoBcos.solc.version is "${pinned}", which is not a solc version such as 0.8.11.`);
    return {
      version: pinned,
      download: !available.includes(pinned),
      reason: satisfiesAll(pinned, ranges)
        ? 'pinned by fiscoBcos.solc.version'
        : `pinned by fiscoBcos.solc.version (the pragma asks for ${ranges.join(' and ')})`,
    };
  }
  const local = newestSatisfying(available, ranges);
  if (releases) {
    const release = newestSatisfying(releases, ranges);
    if (release)
      return {
        version: release,
        download: !available.includes(release),
        reason: `newest release for ${describe(ranges)}`,
      };
    // An installed build the registry does not list (a local alias) still compiles.
    if (local) return { version: local, download: false, reason: `newest installed for ${describe(ranges)}` };
    throw new Error(`No solc release satisfies ${describe(ranges)}.`);
  }
  if (local)
    return {
      version: local,
      download: false,
      // Worth saying only when a newer release could satisfy the pragma too.
      ...(newerCouldSatisfy(local, ranges) ? { offline: true } : {}),
      reason: `newest installed for ${describe(ranges)}`,
    };
  const known = newestSatisfying(KNOWN_RELEASES, ranges);
  if (known)
    return { version: known, download: true, reason: `newest known release for ${describe(ranges)}` };
  throw new Error(`No solc release satisfies ${describe(ranges)}.`);
}

function newerCouldSatisfy(version: string, ranges: string[]): boolean {
  return (['patch', 'minor', 'major'] as const).some((step) => {
    const next = semver.inc(version, step);
    return !!next && satisfiesAll(next, ranges);
  });
}

function describe(ranges: string[]): string {
  return ranges.length ? `pragma solidity ${ranges.join(' and ')}` : 'a file without pragma';
}

/**
 * evmVersion to compile with: the configured one when this solc knows it, else what that solc
 * defaults to (as the FISCO console compiles), capped at Paris: FISCO BCOS 3.x's EVM does not run
 * Shanghai's PUSH0 or Cancun's opcodes, which solc 0.8.20+ would emit by default.
 * So 0.4.25 and 0.5.2 get byzantium, 0.6.10 istanbul, 0.8.11 london, 0.8.20+ paris.
 */
export function evmVersionFor(version: string, configured?: string): string {
  const supported = supportedEvmVersions(version);
  if (configured && supported.includes(configured)) return configured;
  const defaults: [since: string, evm: string][] = [
    ['0.8.18', 'paris'],
    ['0.8.7', 'london'],
    ['0.8.5', 'berlin'],
    ['0.5.14', 'istanbul'],
    ['0.5.5', 'petersburg'],
    ['0.4.21', 'byzantium'],
  ];
  return defaults.find(([since]) => semver.gte(version, since))?.[1] ?? 'byzantium';
}

/** EVM versions a solc release accepts (from the solc changelog). */
export function supportedEvmVersions(version: string): string[] {
  const all: [string, string][] = [
    ['homestead', '0.4.21'],
    ['tangerineWhistle', '0.4.21'],
    ['spuriousDragon', '0.4.21'],
    ['byzantium', '0.4.21'],
    ['constantinople', '0.4.21'],
    ['petersburg', '0.5.5'],
    ['istanbul', '0.5.14'],
    ['berlin', '0.8.5'],
    ['london', '0.8.7'],
    ['paris', '0.8.18'],
    ['shanghai', '0.8.20'],
    ['cancun', '0.8.24'],
  ];
  return all.filter(([, since]) => semver.gte(version, since)).map(([name]) => name);
}
