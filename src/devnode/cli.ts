// `bcos-devnode`: starts a local FISCO BCOS 3.x compatible node and prints its accounts the way
// Hardhat does. Bad options and start-up failures print one line on stderr and exit with 2.
// With --json, stdout carries one machine-readable ready line (the VS Code extension parses it).

import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { startDevnode, DEFAULTS, type Devnode, type DevnodeOptions } from './index';
import { BINARY_VERSION } from './group/constants';
import { CliUsageError, parseCliArgs, USAGE } from './server/cliOptions';
import { errorMessage } from '../protocol/unknownValues';
import { limitHeapGrowth } from './heapTuning';

const EXIT_USAGE = 2;

function fail(message: string): never {
  process.stderr.write(`bcos-devnode: error: ${message.split('\n')[0]}\n`);
  process.exit(EXIT_USAGE);
}

/** A data directory must be a readable, writable directory (or creatable). */
function checkDataDir(dir: string): void {
  if (!existsSync(dir)) return;
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    fail(`cannot read data directory ${dir}: ${errorMessage(e)}`);
  }
  if (!isDir) fail(`data directory ${dir} is not a directory`);
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    fail(`data directory ${dir} is not readable and writable`);
  }
}

function banner(node: Devnode, options: DevnodeOptions): string {
  const lines = [
    `FISCO BCOS dev node (compatible with ${BINARY_VERSION}) listening on ${node.url}`,
    `chain ${node.chainId}, group ${node.groupId}, ${node.nodes.length} sealers, ${node.sm ? 'SM2/SM3' : 'secp256k1/keccak256'}, ` +
      `auth ${options.auth === false ? 'off' : 'on'}, ${options.dataDir ? `data in ${options.dataDir}` : 'in memory'}` +
      `, block time ${options.blockTimeMs ? `${options.blockTimeMs} ms` : 'instant'}`,
  ];
  if (node.web3Url) lines.push(`Web3 JSON-RPC (ethers, viem, cast) on ${node.web3Url}`);
  if (node.sdkCertDir)
    lines.push(
      node.sm
        ? `SM TLS (TLCP): SDK certificates in ${node.sdkCertDir} (sm_ca.crt, sm_sdk.crt/.key, sm_ensdk.crt/.key)`
        : `mutual TLS: SDK certificates in ${node.sdkCertDir} (ca.crt, sdk.crt, sdk.key)`,
    );
  lines.push(
    '',
    'Accounts',
    '========',
    '',
    'WARNING: these keys are public. Never use them on a real chain.',
    '',
  );
  node.accounts.forEach((a, i) => {
    lines.push(
      `Account #${i}: ${a.address}${i === 0 ? ' (committee governor)' : ''}`,
      `Private Key: ${a.privateKey}`,
      '',
    );
  });
  return lines.join('\n') + '\n';
}

function readyLine(node: Devnode): string {
  return (
    JSON.stringify({
      event: 'ready',
      url: node.url,
      port: node.port,
      chainId: node.chainId,
      group: node.groupId,
      groupId: node.groupId,
      sm: node.sm,
      tls: node.sdkCertDir !== undefined,
      sdkCertDir: node.sdkCertDir,
      web3Url: node.web3Url,
      nodes: node.nodes,
      accounts: node.accounts,
    }) + '\n'
  );
}

async function main(): Promise<void> {
  limitHeapGrowth();
  let command;
  try {
    command = parseCliArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof CliUsageError) fail(e.message);
    throw e;
  }
  if (command.help) {
    process.stdout.write(USAGE);
    return;
  }
  // Start-up logs are held back so that a failed start prints only its one error line.
  let early: string[] | undefined = [];
  const options: DevnodeOptions = {
    ...command.options,
    log: (level, message) => {
      const line = `[${level}] ${message}\n`;
      if (early) early.push(line);
      else process.stderr.write(line);
    },
  };
  if (options.dataDir) checkDataDir(options.dataDir);
  let node: Devnode;
  try {
    node = await startDevnode(options);
  } catch (e) {
    fail(errorMessage(e));
  }
  process.stdout.write(
    command.json ? readyLine(node) : banner(node, { ...options, host: options.host ?? DEFAULTS.host }),
  );
  for (const line of early) process.stderr.write(line);
  early = undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    node.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
