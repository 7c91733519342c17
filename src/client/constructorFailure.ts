// On the devnode, a failed deployment can name the constructor's Solidity line: the failure point
// the node reports, mapped through the compiler's creation source map.

import { toHex } from '../protocol/hex';
import type { Client } from './client';
import { locateInCreationCode, matchesCreationCode } from './creationCode';
import { getDevnodeDiagnostics } from './devnode';
import type { RevertError } from './errors';
import { formatLocation, type SourceList } from './sourceMap';
import type { RequestOptions } from './transport/types';

/** Compiler output that lets a failed deployment name its Solidity line (on the devnode). */
export interface CreationSource {
  /** Contract name, for "Name.constructor (file:line)". */
  name: string;
  /** The compiler's evm.bytecode.sourceMap (of the bytecode being deployed). */
  sourceMap: string;
  /** Source id → unit name and text (ids from the compiler's output.sources). */
  sources: SourceList;
}

/**
 * On the devnode, where the constructor failed: its failure point (pc in the creation code) mapped
 * through the creation source map, when the code that failed is this deployment's own. Appended to
 * the error's message and kept as `location`; nothing changes on a real node (no diagnostics).
 */
export async function locateConstructorFailure(
  client: Client,
  error: RevertError,
  input: Uint8Array,
  bytecode: string | Uint8Array,
  source: CreationSource,
  options: RequestOptions,
): Promise<void> {
  const d = await getDevnodeDiagnostics(client, error.transactionHash!, options).catch(() => null);
  const f = d?.failure;
  if (!f?.create) return;
  const initCode = f.initCode ?? toHex(input);
  const code = typeof bytecode === 'string' ? bytecode : toHex(bytecode);
  if (!matchesCreationCode(initCode, code)) return; // a contract the constructor created failed
  const loc = locateInCreationCode(
    f.pc,
    initCode,
    { bytecode: code, sourceMap: source.sourceMap },
    source.sources,
  );
  if (!loc) return;
  error.location = formatLocation(source.name, loc);
  error.message += ` at ${error.location}`;
}
