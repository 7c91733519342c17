// @ethereumjs/common answers isActivatedEIP(eip) with Array.includes over the active EIP list
// (about 40 numbers), scanning all of it for the EIPs that are not active (Verkle 6800/7864,
// block access lists 7928, EOF 3540), and the EVM asks many times per opcode that touches state
// or memory: about 2% of a `call`'s CPU. This answers from a Set built from the same list;
// Common rebuilds the list as a new array whenever the hardfork or its EIPs change, so the Set
// is rebuilt when the list object changes. Best effort: nothing happens if the member differs.

interface CommonWithEipCache {
  _activatedEIPsCache: unknown;
  isActivatedEIP(eip: number): boolean;
}

function hasEipCache(c: object): c is CommonWithEipCache {
  return (
    '_activatedEIPsCache' in c &&
    Array.isArray(c._activatedEIPsCache) &&
    'isActivatedEIP' in c &&
    typeof c.isActivatedEIP === 'function'
  );
}

/** Replaces `common.isActivatedEIP` on this instance with a Set lookup over the same list. */
export function installEipSet(common: object): void {
  if (!hasEipCache(common)) return;
  let list: unknown = undefined;
  let set = new Set<unknown>();
  common.isActivatedEIP = function (this: CommonWithEipCache, eip: number): boolean {
    const current = this._activatedEIPsCache;
    if (current !== list) {
      list = current;
      set = new Set(Array.isArray(current) ? (current as unknown[]) : []);
    }
    return set.has(eip);
  };
}
