// Reading the devnode's `--json` ready line and explaining start failures. Pure functions so the
// parsing survives format drift (tolerant field names) and is unit-tested.

import { isRecord } from '../../protocol/unknownValues';

export interface DevnodeAccount {
  address: string;
  /** 0x-prefixed hex. */
  privateKey: string;
}

export interface DevnodeReady {
  url: string;
  port: number;
  group: string;
  sm: boolean;
  accounts: DevnodeAccount[];
  /** The Web3 (Ethereum) JSON-RPC URL when the node serves it (`--web3`). */
  web3Url?: string;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

function hexKey(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  const bare = s.replace(/^0x/i, '');
  return /^[0-9a-fA-F]{64}$/.test(bare) ? `0x${bare.toLowerCase()}` : undefined;
}

/** Parses one stdout line; undefined unless it is the JSON ready line. */
export function parseReadyLine(line: string, fallbackPort: number): DevnodeReady | undefined {
  const text = line.trim();
  if (!text.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const o = parsed;
  const event = str(o.event) ?? str(o.type) ?? str(o.status);
  if (event && !/ready|listening|started/i.test(event)) return undefined;
  const rpc: Record<string, unknown> = isRecord(o.rpc) ? o.rpc : {};
  const port = Number(o.port ?? rpc.port ?? fallbackPort);
  const url = str(o.url) ?? str(o.rpcUrl) ?? str(rpc.url) ?? `http://127.0.0.1:${port}`;
  if (!event && !str(o.url) && !str(o.rpcUrl) && o.port === undefined) return undefined;
  const accounts: DevnodeAccount[] = [];
  if (Array.isArray(o.accounts)) {
    for (const a of o.accounts) {
      if (!isRecord(a)) continue;
      const r = a;
      const key = hexKey(r.privateKey ?? r.key ?? r.secret);
      const address = str(r.address);
      if (key && address) accounts.push({ address: address.toLowerCase(), privateKey: key });
    }
  }
  return {
    url: url.replace(/\/+$/, ''),
    port: Number.isFinite(port) ? port : fallbackPort,
    group: str(o.group) ?? str(o.groupId) ?? 'group0',
    sm: o.sm === true || o.smCrypto === true,
    accounts,
    ...(str(o.web3Url) ? { web3Url: str(o.web3Url)!.replace(/\/+$/, '') } : {}),
  };
}

export interface StartFailure {
  message: string;
  /** Suggested action labels the notification offers. */
  actions: ('Use Another Port' | 'Show Log' | 'Reset Local Node' | 'Build Extension')[];
}

/** Turns stderr/exit information into a message that says what happened and what to do. */
export function explainStartFailure(stderr: string, exitCode: number | null, port: number): StartFailure {
  if (/EADDRINUSE|address already in use|port .* (in use|busy)/i.test(stderr)) {
    return {
      message: `Port ${port} is already in use, so the local node cannot listen on it. Stop the program using it (another node or a previous local node) or choose another port in "fiscoBcos.localNode.port".`,
      actions: ['Use Another Port', 'Show Log'],
    };
  }
  if (/EACCES/i.test(stderr)) {
    return {
      message: `Not allowed to listen on port ${port}. Ports below 1024 need privileges; choose another port.`,
      actions: ['Use Another Port', 'Show Log'],
    };
  }
  if (/Cannot find module|MODULE_NOT_FOUND|ENOENT.*devnode-cli/i.test(stderr)) {
    return {
      message:
        'The local node program (dist/devnode-cli.js) is missing. Run "npm run build" in the extension folder.',
      actions: ['Show Log'],
    };
  }
  if (/corrupt|Unexpected end of JSON|SyntaxError|checksum/i.test(stderr)) {
    return {
      message:
        'The local node data could not be read (it may be corrupt). Reset the local node to start from a fresh chain.',
      actions: ['Reset Local Node', 'Show Log'],
    };
  }
  const last = stderr.trim().split(/\r?\n/).filter(Boolean).slice(-1)[0];
  return {
    message: `The local node stopped during start-up (exit code ${exitCode ?? 'unknown'})${last ? `: ${last}` : '.'} See the log for details.`,
    actions: ['Show Log'],
  };
}
