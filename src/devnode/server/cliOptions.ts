// Command-line options of `bcos-devnode`. Pure parsing: a bad option is a CliUsageError whose
// message is the single line the CLI prints before exiting with code 2.

import type { DevnodeOptions, LogLevel } from '../index';

export class CliUsageError extends Error {}

export interface CliCommand {
  help: boolean;
  json: boolean;
  options: DevnodeOptions;
}

export const USAGE = `Usage: bcos-devnode [options]

A local FISCO BCOS 3.x compatible node (JSON-RPC over HTTP, 4 simulated sealers).

Options:
  --host <ip>          listen address (default 127.0.0.1)
  --port <n>           JSON-RPC port (default 20200; 0 picks a free port)
  --data <dir>         keep the chain in <dir> (default: in memory)
  --fresh              wipe --data <dir> before starting
  --chain-id <id>      chain id (default chain0)
  --group-id <id>      group id (default group0)
  --sm                 SM2/SM3 chain (guomi) instead of secp256k1/keccak256
  --nodes <n>          simulated sealer nodes (default 4)
  --accounts <n>       funded dev accounts, printed with their keys (default 10; #0 is the governor)
  --block-time <ms>    seal every <ms> (default 0: seal as soon as transactions arrive)
  --tls                mutual TLS; certificates go to <data>/sdk (ca.crt, sdk.crt, sdk.key);
                       with --sm: SM TLS (TLCP) with SM2 pairs (sm_ca.crt, sm_sdk.*, sm_ensdk.*)
  --auth, --no-auth    committee permission checks (default on)
  --log-level <level>  debug | info | warn | error | silent (default info)
  --seed <text>        seed for node and account keys
  --web3               also serve the Web3 (Ethereum) JSON-RPC on 127.0.0.1:8545
                       (ethers, viem, cast; as a node's [web3_rpc] section)
  --web3-port <n>      Web3 JSON-RPC port (implies --web3; 0 picks a free port)
  --json               print a JSON ready line (url, accounts, ...) instead of the banner
  -h, --help           show this help
`;

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
const isLogLevel = (v: string): v is LogLevel => (LOG_LEVELS as readonly string[]).includes(v);

function integer(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new CliUsageError(`--${name} needs a whole number, got "${text}"`);
  const n = Number(text);
  if (n < min || n > max) throw new CliUsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function identifier(name: string, text: string, pattern: RegExp): string {
  if (!pattern.test(text))
    throw new CliUsageError(`--${name} "${text}" is not valid (letters, digits and _ only)`);
  return text;
}

export function parseCliArgs(argv: readonly string[]): CliCommand {
  const options: DevnodeOptions = {};
  let help = false;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-')) throw new CliUsageError(`unexpected argument "${arg}" (see --help)`);
    const eq = arg.indexOf('=');
    const name = (eq > 0 ? arg.slice(0, eq) : arg).replace(/^--?/, '');
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2))
        throw new CliUsageError(`--${name} needs a value`);
      i++;
      return next;
    };
    const flag = (): true => {
      if (inline !== undefined) throw new CliUsageError(`--${name} takes no value`);
      return true;
    };
    switch (name) {
      case 'h':
      case 'help':
        help = flag();
        break;
      case 'json':
        json = flag();
        break;
      case 'host': {
        const v = value();
        if (!v) throw new CliUsageError('--host needs an address');
        options.host = v;
        break;
      }
      case 'port':
        options.port = integer(name, value(), 0, 65535);
        break;
      case 'data': {
        const v = value();
        if (!v) throw new CliUsageError('--data needs a directory');
        options.dataDir = v;
        break;
      }
      case 'fresh':
        options.fresh = flag();
        break;
      case 'chain-id':
        options.chainId = identifier(name, value(), /^[A-Za-z0-9_]+$/);
        break;
      case 'group-id':
        options.groupId = identifier(name, value(), /^[A-Za-z0-9_]+$/);
        break;
      case 'sm':
        options.sm = flag();
        break;
      case 'nodes':
        options.nodes = integer(name, value(), 1, 64);
        break;
      case 'accounts':
        options.accounts = integer(name, value(), 1, 1000);
        break;
      case 'block-time':
        options.blockTimeMs = integer(name, value(), 0, 3_600_000);
        break;
      case 'tls':
        options.tls = flag();
        break;
      case 'auth':
        options.auth = flag();
        break;
      case 'no-auth':
        flag();
        options.auth = false;
        break;
      case 'log-level': {
        const v = value();
        if (!isLogLevel(v))
          throw new CliUsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${v}"`);
        options.logLevel = v;
        break;
      }
      case 'web3':
        options.web3 = flag();
        break;
      case 'web3-port':
        options.web3Port = integer(name, value(), 0, 65535);
        options.web3 = true;
        break;
      case 'seed':
        options.seed = value();
        break;
      default:
        throw new CliUsageError(`unknown option ${arg.split('=')[0]} (see --help)`);
    }
  }
  if (options.fresh && options.dataDir === undefined) throw new CliUsageError('--fresh needs --data <dir>');
  return { help, json, options };
}
