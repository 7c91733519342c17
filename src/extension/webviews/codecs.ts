// Collects ABIs for a set of addresses (workspace deployments first, then the chain's getABI) and
// returns a lookup of codecs using the chain's hash.

import type { ChainApi } from '../chain/chainApi';
import type { AbiRegistry } from '../abiRegistry';
import { codecFor } from '../chain/contractCodec';
import { ContractCodec as Codec } from '../models/abiCodec';
import { builtinAbi } from '../models/builtinAbis';
import type { CodecLookup } from '../models/blockView';

const norm = (a: string) => `0x${a.toLowerCase().replace(/^0x/, '')}`;

export async function loadCodecs(
  api: ChainApi,
  registry: AbiRegistry,
  addresses: Iterable<string>,
): Promise<CodecLookup> {
  const codecs = new Map<string, Codec>();
  await Promise.all(
    [...new Set([...addresses].filter(Boolean).map(norm))].map(async (address) => {
      // Built-in contracts (BFS, consensus, …) decode with their fixed ABIs and the chain hash.
      const builtin = builtinAbi(address);
      if (builtin) {
        codecs.set(address, new Codec([...builtin.abi], (t) => api.hashText(t)));
        return;
      }
      const abi = registry.find(address)?.abi || (await api.abiOf(address).catch(() => ''));
      if (!abi) return;
      try {
        codecs.set(address, await codecFor(api, address, abi));
      } catch {
        // an unusable ABI leaves the data raw
      }
    }),
  );
  return (address) => codecs.get(norm(address));
}
