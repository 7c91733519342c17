// Library linking as solc's linker does it: solc leaves a 40-character placeholder
// (`__$<34 hex of keccak256("file:Lib")>$__`, or `__file:Lib____` before 0.5) where an external
// library's address goes, and lists each one under evm.bytecode.linkReferences[file][Lib] as
// byte offsets. Deploy fills them with the addresses of deployed libraries, and offers deployed
// contracts whose ABI provides the library's functions. Pure; no vscode.

import { isRecord } from '../../protocol/unknownValues';

export type LinkReferences = Record<string, Record<string, { start: number; length: number }[]>>;

export interface LinkableContract {
  unit: string;
  name: string;
  /** Hex without 0x. */
  bytecode: string;
  linkReferences: LinkReferences;
}

/** `file:Lib` names of the libraries a bytecode needs, in a stable order. */
export function neededLibraries(c: Pick<LinkableContract, 'linkReferences'>): string[] {
  return Object.entries(c.linkReferences)
    .flatMap(([file, libs]) => Object.keys(libs).map((lib) => `${file}:${lib}`))
    .sort();
}

/**
 * Writes each library's address at every offset solc listed. `addresses` is keyed by `file:Lib`.
 * Refuses a missing or malformed address, and checks no placeholder is left.
 */
export function linkBytecode(c: LinkableContract, addresses: Record<string, string>): string {
  let code = c.bytecode.replace(/^0x/, '');
  for (const [file, libs] of Object.entries(c.linkReferences))
    for (const [lib, refs] of Object.entries(libs)) {
      const key = `${file}:${lib}`;
      const address = addresses[key];
      if (!address) throw new Error(`${c.name} needs library ${key}, which has no address.`);
      if (!/^(0x)?[0-9a-fA-F]{40}$/.test(address))
        throw new Error(`The address given for library ${key} is not a 20-byte hex address: ${address}`);
      const hex = address.replace(/^0x/, '').toLowerCase();
      for (const { start, length } of refs) {
        if (length !== 20)
          throw new Error(`Link reference of ${key} in ${c.name} is ${length} bytes, not 20.`);
        code = code.slice(0, start * 2) + hex + code.slice((start + length) * 2);
      }
    }
  // Linked bytecode is plain hex: any '_' or '$' left is a placeholder solc did not list.
  if (/[^0-9a-fA-F]/.test(code))
    throw new Error(`${c.name} still has unlinked library placeholders after linking.`);
  return code;
}

/**
 * The libraries to deploy before `target`, dependencies first (a library may itself link others).
 * Each is found among the compiled contracts by `file:Lib`; throws when one was not compiled.
 */
export function libraryDeployOrder<C extends LinkableContract>(target: C, compiled: C[]): C[] {
  const byKey = new Map(compiled.map((c) => [`${c.unit}:${c.name}`, c]));
  const order: C[] = [];
  const visiting = new Set<string>();
  const visit = (c: C) => {
    for (const key of neededLibraries(c)) {
      if (order.some((o) => `${o.unit}:${o.name}` === key)) continue;
      const lib = byKey.get(key);
      if (!lib) throw new Error(`${c.name} links library ${key}, which is not in the compilation output.`);
      if (visiting.has(key)) throw new Error(`Libraries link each other in a cycle through ${key}.`);
      visiting.add(key);
      visit(lib);
      visiting.delete(key);
      order.push(lib);
    }
  };
  visit(target);
  return order;
}

/** `name(type,…)` of every function in an ABI (JSON text or parsed); [] when it is not an ABI. */
export function functionSignatures(abi: unknown): string[] {
  let list: unknown = abi;
  if (typeof abi === 'string') {
    try {
      list = JSON.parse(abi);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const sig = (e: unknown): string | undefined => {
    if (!isRecord(e) || e.type !== 'function' || typeof e.name !== 'string' || !Array.isArray(e.inputs))
      return undefined;
    const types = e.inputs.map((i: unknown) => (isRecord(i) && typeof i.type === 'string' ? i.type : '?'));
    return `${e.name}(${types.join(',')})`;
  };
  return list.map(sig).filter((s): s is string => !!s);
}

/**
 * Whether a deployed contract's ABI offers every function a library's ABI has (so calls linked to
 * it resolve); false when the library has no function to compare or the other ABI is unknown.
 */
export function abiProvidesLibrary(deployedAbi: unknown, libraryAbi: unknown): boolean {
  const wanted = functionSignatures(libraryAbi);
  const offered = new Set(functionSignatures(deployedAbi));
  return wanted.length > 0 && wanted.every((s) => offered.has(s));
}
