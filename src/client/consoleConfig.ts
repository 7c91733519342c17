// Reads a FISCO console / Java SDK config.toml ([cryptoMaterial], [network], [account]) into the
// connection it describes: the group, every peer, the TLS certificate folder and the account
// files, with paths resolved against the folder of config.toml, as the console resolves them.
// Only the subset of TOML those files use is read: [sections], key = "string" | ["a", "b"] | bool.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { TlsOptions } from './transport/http';

export interface ConsoleConnection {
  group: string;
  /** Node RPC endpoints as URLs (https:// unless disableSsl). */
  peers: string[];
  /** TLS options for the peers, undefined with disableSsl = "true". */
  tls?: TlsOptions;
  /** useSMCrypto: the RPC TLS uses SM certificates (the SDK then speaks TLCP from certDir). */
  smTls: boolean;
  /** Account files (PEM or P12) found in keyStoreDir / accountFilePath, absolute paths. */
  accountFiles: string[];
  /** accountAddress from the file, when set. */
  accountAddress?: string;
  accountFileFormat: 'pem' | 'p12';
  /** Request timeout (messageTimeout, ms). */
  timeoutMs?: number;
}

type Value = string | boolean | string[];

/** Parses the TOML subset; throws an Error naming the line for anything else. */
export function parseConfigToml(text: string): Record<string, Record<string, Value>> {
  const out: Record<string, Record<string, Value>> = {};
  let section = '';
  out[section] = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = stripComment(lines[i]).trim();
    if (line === '') continue;
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (header) {
      section = header[1];
      out[section] ??= {};
      continue;
    }
    const kv = /^([A-Za-z0-9_.-]+)\s*=\s*(.+)$/.exec(line);
    if (!kv) throw new Error(`config.toml line ${i + 1}: cannot read "${lines[i].trim()}"`);
    out[section][kv[1]] = parseValue(kv[2].trim(), i + 1);
  }
  return out;
}

function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') inString = !inString;
    else if (line[i] === '#' && !inString) return line.slice(0, i);
  }
  return line;
}

function parseValue(text: string, line: number): Value {
  if (text === 'true' || text === 'false') return text === 'true';
  const str = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
  if (str) return str[1].replace(/\\(.)/g, '$1');
  const arr = /^\[(.*)\]$/.exec(text);
  if (arr) {
    const items =
      arr[1].trim() === ''
        ? []
        : arr[1]
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '');
    return items.map((item) => {
      const v = parseValue(item, line);
      if (typeof v !== 'string') throw new Error(`config.toml line ${line}: list items must be strings`);
      return v;
    });
  }
  throw new Error(`config.toml line ${line}: unsupported value ${text}`);
}

function text(v: Value | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  throw new Error(`config.toml: expected a string, got a list`);
}

/** Reads config.toml text found at `path` (used to resolve relative folders). */
export function readConsoleConfig(tomlText: string, path: string): ConsoleConnection {
  const toml = parseConfigToml(tomlText);
  const base = dirname(resolve(path));
  const at = (p: string) => (isAbsolute(p) ? p : join(base, p));
  const crypto = toml.cryptoMaterial ?? {};
  const network = toml.network ?? {};
  const account = toml.account ?? {};
  const rawPeers = network.peers;
  if (!Array.isArray(rawPeers) || rawPeers.length === 0)
    throw new Error(
      'config.toml: [network] peers must list at least one node, e.g. peers=["127.0.0.1:20200"]',
    );
  const disableSsl = text(crypto.disableSsl) === 'true';
  const smTls = text(crypto.useSMCrypto) === 'true';
  const certPath = at(text(crypto.certPath) ?? 'conf');
  let tls: TlsOptions | undefined;
  if (!disableSsl) {
    const ca = text(crypto.caCert);
    const cert = text(crypto.sslCert);
    const key = text(crypto.sslKey);
    // Explicit files win; otherwise the folder (ca.crt, sdk.crt, sdk.key) as the Java SDK defaults.
    // SM TLS needs the whole sm_* set, which the SDK finds in the folder.
    tls =
      ca && cert && key && !smTls
        ? { ca: readFileSync(at(ca)), cert: readFileSync(at(cert)), key: readFileSync(at(key)) }
        : { certDir: certPath };
  }
  const peers = rawPeers.map((p) => {
    const t = p.trim();
    if (!/^[^\s/:]+:\d{1,5}$/.test(t)) throw new Error(`config.toml: peer "${p}" is not host:port`);
    return `${disableSsl ? 'http' : 'https'}://${t}`;
  });
  const format = (text(account.accountFileFormat) ?? 'pem').toLowerCase();
  if (format !== 'pem' && format !== 'p12')
    throw new Error(`config.toml: accountFileFormat must be "pem" or "p12", got "${format}"`);
  const filePath = text(account.accountFilePath);
  const address = text(account.accountAddress);
  const accountFiles: string[] = [];
  const wanted = address ? address.toLowerCase().replace(/^0x/, '') : undefined;
  if (filePath) {
    accountFiles.push(at(filePath));
  } else {
    // The console keeps accounts in <keyStoreDir>/ecdsa or /gm (SM), <address>.pem / .p12.
    const keyStore = at(text(account.keyStoreDir) ?? 'account');
    for (const sub of ['ecdsa', 'gm', '']) {
      const dir = sub ? join(keyStore, sub) : keyStore;
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).sort()) {
        if (!name.endsWith(`.${format}`)) continue;
        if (wanted && !name.toLowerCase().includes(wanted)) continue;
        accountFiles.push(join(dir, name));
      }
    }
  }
  const timeout = text(network.messageTimeout);
  const timeoutMs = timeout !== undefined && /^\d+$/.test(timeout) ? Number(timeout) : undefined;
  return {
    group: text(network.defaultGroup) ?? 'group0',
    peers,
    tls,
    smTls,
    accountFiles,
    accountAddress: address || undefined,
    accountFileFormat: format,
    timeoutMs,
  };
}
