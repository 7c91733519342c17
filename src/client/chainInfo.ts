// The group a transaction targets, as getGroupInfo describes it: chain and group ids, crypto
// suite, versions and flags. Looked up once per node endpoint and group.

import { cryptoSuite, type CryptoSuite } from '../protocol/crypto/suite';
import type { Client } from './client';
import { isSmGroup } from './results';
import type { RequestOptions, Transport } from './transport/types';

/** What a transaction needs to know about the group it targets. */
export interface ChainInfo {
  chainId: string;
  groupId: string;
  sm: boolean;
  suite: CryptoSuite;
  /** Node's protocol.compatibilityVersion (e.g. 0x03100400 for 3.16.4). */
  compatibilityVersion: number;
  /** Node binary version text from iniConfig (e.g. "3.16.4"), when known. */
  nodeVersion?: string;
  authCheck: boolean;
  wasm: boolean;
}

const chainInfoCache = new WeakMap<Transport, Map<string, Promise<ChainInfo>>>();

/**
 * Chain id, group id and crypto suite of the client's group, from getGroupInfo. Cached per
 * transport and group; pass `refresh` to ask the node again.
 */
export function getChainInfo(
  client: Client,
  options: RequestOptions & { refresh?: boolean } = {},
): Promise<ChainInfo> {
  let perGroup = chainInfoCache.get(client.transport);
  if (!perGroup) chainInfoCache.set(client.transport, (perGroup = new Map<string, Promise<ChainInfo>>()));
  const cached = perGroup.get(client.group);
  if (cached && !options.refresh) return cached;
  const fresh = loadChainInfo(client, options);
  perGroup.set(client.group, fresh);
  // A failed lookup is not cached.
  fresh.catch(() => {
    if (perGroup.get(client.group) === fresh) perGroup.delete(client.group);
  });
  return fresh;
}

async function loadChainInfo(client: Client, options: RequestOptions): Promise<ChainInfo> {
  const info = await client.getGroupInfo({ signal: options.signal, timeoutMs: options.timeoutMs });
  const node = info.nodeList[0];
  const sm = isSmGroup(info);
  const ini = node.iniConfig;
  return {
    chainId: info.chainID || ini?.chainID || '',
    groupId: info.groupID || client.group,
    sm,
    suite: cryptoSuite(sm),
    compatibilityVersion: node.protocol?.compatibilityVersion ?? 0,
    nodeVersion: ini?.binaryInfo?.version,
    authCheck: ini?.isAuthCheck === true,
    wasm: ini?.isWasm === true,
  };
}
