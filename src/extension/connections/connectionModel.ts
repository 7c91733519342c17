// Connection settings (`fiscoBcos.connections`): shape and validation. No vscode import so the
// rules are unit-tested and shared by the add/edit commands and the settings reader.

import { isRecord } from '../../protocol/unknownValues';

export interface ConnectionConfig {
  /** Display name, unique among connections. */
  name: string;
  /** RPC endpoint: http://host:port, or https://host:port with tlsCertDir. */
  url: string;
  /** Group id the client binds to. */
  group: string;
  /**
   * The node's sdk/ folder: ca.crt, sdk.crt and sdk.key, or on an SM chain (build_chain.sh -s)
   * sm_ca.crt, sm_sdk.crt/.key and sm_ensdk.crt/.key, which make the connection use SM TLS.
   */
  tlsCertDir?: string;
  /** More RPC endpoints of the same group (console `peers`): requests fail over to them. */
  peers?: string[];
  /** SM (guomi) crypto chain: SM2 keys and SM3 hashes. */
  sm?: boolean;
  /** Set on the connection the extension creates for its own local node. */
  local?: boolean;
}

export const LOCAL_CONNECTION_NAME = 'Local Node';
export const TLS_FILES = ['ca.crt', 'sdk.crt', 'sdk.key'] as const;
/** What an SM chain's sdk/ folder holds (build_chain.sh gen_sm_node_cert): signing and encryption pairs. */
export const SM_TLS_FILES = [
  'sm_ca.crt',
  'sm_sdk.crt',
  'sm_sdk.key',
  'sm_ensdk.crt',
  'sm_ensdk.key',
] as const;
const GROUP_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

/** Returns an error message for the user, or undefined when the name is acceptable. */
export function validateName(name: string, others: readonly ConnectionConfig[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the connection a name.';
  if (trimmed.length > 64) return 'Keep the name under 64 characters.';
  if (others.some((c) => c.name === trimmed)) return `A connection named "${trimmed}" already exists.`;
  return undefined;
}

export function validateUrl(url: string): string | undefined {
  const text = url.trim();
  if (!text) return 'Enter the node RPC address, e.g. http://127.0.0.1:20200.';
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z]+:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return `"${text}" is not a valid URL.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Use http:// or https://.';
  if (!parsed.hostname) return 'The URL needs a host.';
  if (parsed.port && (Number(parsed.port) < 1 || Number(parsed.port) > 65535))
    return 'The port must be 1–65535.';
  return undefined;
}

/** Adds http:// when the user typed host:port. */
export function normaliseUrl(url: string): string {
  const text = url.trim();
  const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `http://${text}`;
  return withScheme.replace(/\/+$/, '');
}

export function validateGroup(group: string): string | undefined {
  if (!GROUP_PATTERN.test(group.trim())) return 'A group id is letters, digits and _ (e.g. group0).';
  return undefined;
}

/** An SM certificate folder, detected by its file names as the console's useSMCrypto does. */
export function isSmTlsFolder(names: readonly string[]): boolean {
  return names.includes('sm_ca.crt') || names.includes('sm_sdk.crt');
}

/** Checks the cert folder listing (file names) holds what mutual TLS (or SM TLS) needs. */
export function missingTlsFiles(names: readonly string[]): string[] {
  const wanted: readonly string[] = isSmTlsFolder(names) ? SM_TLS_FILES : TLS_FILES;
  return wanted.filter((f) => !names.includes(f));
}

/** Validates a whole entry as read from settings; returns one message per problem. */
export function validateConnection(c: unknown, others: readonly ConnectionConfig[] = []): string[] {
  if (!c || typeof c !== 'object') return ['Each connection must be an object.'];
  const o: Record<string, unknown> = Object.fromEntries(Object.entries(c));
  const problems: string[] = [];
  if (typeof o.name !== 'string') problems.push('name is missing.');
  else {
    const e = validateName(o.name, others);
    if (e) problems.push(e);
  }
  if (typeof o.url !== 'string') problems.push('url is missing.');
  else {
    const e = validateUrl(o.url);
    if (e) problems.push(e);
  }
  const group = o.group === undefined ? 'group0' : o.group;
  if (typeof group !== 'string' || validateGroup(group))
    problems.push('group must be a group id such as group0.');
  if (o.tlsCertDir !== undefined && typeof o.tlsCertDir !== 'string')
    problems.push('tlsCertDir must be a folder path.');
  if (o.sm !== undefined && typeof o.sm !== 'boolean') problems.push('sm must be true or false.');
  if (o.peers !== undefined) {
    if (!Array.isArray(o.peers)) problems.push('peers must be a list of URLs.');
    else
      for (const p of o.peers as unknown[]) {
        const e = typeof p === 'string' ? validateUrl(p) : 'peers must be a list of URLs.';
        if (e) problems.push(`peers: ${e}`);
      }
  }
  return problems;
}

/** Reads the raw settings array into valid connections plus the problems found. */
export function parseConnections(raw: unknown): { connections: ConnectionConfig[]; problems: string[] } {
  const connections: ConnectionConfig[] = [];
  const problems: string[] = [];
  if (!Array.isArray(raw))
    return { connections, problems: raw === undefined ? [] : ['fiscoBcos.connections must be an array.'] };
  raw.forEach((entry, i) => {
    const errs = validateConnection(entry, connections);
    if (errs.length) {
      const label = isRecord(entry) && typeof entry.name === 'string' ? `"${entry.name}"` : `#${i + 1}`;
      problems.push(`Connection ${label}: ${errs.join(' ')}`);
      return;
    }
    if (!isRecord(entry)) return; // validateConnection reported it
    // validateConnection found no problem: name and url are strings, group and tlsCertDir strings or absent.
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const peers = Array.isArray(entry.peers)
      ? entry.peers.filter((p): p is string => typeof p === 'string')
      : [];
    connections.push({
      name: text(entry.name).trim(),
      url: normaliseUrl(text(entry.url)),
      group: (text(entry.group) || 'group0').trim(),
      ...(text(entry.tlsCertDir) ? { tlsCertDir: text(entry.tlsCertDir) } : {}),
      ...(peers.length ? { peers: peers.map(normaliseUrl) } : {}),
      ...(entry.sm === true ? { sm: true } : {}),
      ...(entry.local === true ? { local: true } : {}),
    });
  });
  return { connections, problems };
}

/** Short description shown beside a connection in trees and pickers. */
export function describeConnection(c: ConnectionConfig): string {
  const flags = [c.group, c.tlsCertDir ? 'TLS' : '', c.sm ? 'SM' : ''].filter(Boolean);
  return `${c.url.replace(/^https?:\/\//, '')} · ${flags.join(' · ')}`;
}
