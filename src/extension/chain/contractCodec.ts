// Which hash a deployed contract's selectors use. Standard solc builds dispatch on keccak
// selectors even on SM chains; SM solc builds use SM3. The runtime code tells: look for the
// 4-byte PUSH4 operands of the ABI's functions.

import { id } from 'ethers';
import type { ChainApi } from './chainApi';
import { ContractCodec, parseAbi } from '../models/abiCodec';

const cache = new Map<string, 'keccak' | 'chain'>();

/** Picks keccak or the chain's hash from the code (pure, for tests). */
export function selectorHashOf(
  code: string,
  signatures: readonly string[],
  chainHash: (t: string) => string,
): 'keccak' | 'chain' {
  const body = code.toLowerCase();
  const hits = (hash: (t: string) => string) =>
    signatures.filter((s) => body.includes(`63${hash(s).slice(2, 10)}`)).length;
  return hits(chainHash) > hits(id) ? 'chain' : 'keccak';
}

/** A codec for a deployed contract with the selector hash its code actually uses. */
export async function codecFor(api: ChainApi, address: string, abi: string): Promise<ContractCodec> {
  const chainHash = (t: string) => api.hashText(t);
  if (!api.sm) return new ContractCodec(abi, chainHash);
  const key = `${api.group}:${address.toLowerCase()}`;
  let which = cache.get(key);
  if (!which) {
    const iface = parseAbi(abi);
    const signatures: string[] = [];
    iface?.forEachFunction((f) => signatures.push(f.format('sighash')));
    const code = await api.code(address).catch(() => '');
    which = code && signatures.length ? selectorHashOf(code, signatures, chainHash) : 'chain';
    cache.set(key, which);
  }
  return new ContractCodec(abi, which === 'keccak' ? id : chainHash);
}
