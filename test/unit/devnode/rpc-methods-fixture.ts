// Shared set-up of the RPC method shape tests (rpc-tx-methods, rpc-chain-methods): one chain holding
// a deployment with an ABI and extra data, a transaction that logs and one that reverts.

import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { deployCode, EMIT_LOG, result, RETURN_42, REVERT, signedTx } from './rpc-helpers';

export const G = 'group0';
export const HEX0X = /^0x[0-9a-f]*$/;
export const HASH = /^0x[0-9a-f]{64}$/;
export const NODE_ID = /^[0-9a-f]{128}$/;
export const sortedKeys = (o: object) => Object.keys(o).sort();

export type Obj = Record<string, unknown>;

/** The ABI stored with `deploy`. */
export const GET_ABI =
  '[{"inputs":[],"name":"get","outputs":[{"type":"uint256"}],"stateMutability":"view","type":"function"}]';

export interface MethodsChain {
  node: Devnode;
  /** Deployment of RETURN_42 with GET_ABI and extra data "hello", sent with proof. */
  deploy: Obj;
  /** A call to an EMIT_LOG contract. */
  logTx: Obj;
  /** A call to a REVERT contract (status 16). */
  revertTx: Obj;
}

/** Starts a dev node and sends its five transactions (three deployments, two calls). */
export async function startMethodsChain(): Promise<MethodsChain> {
  const node = await startDevnode({ port: 0, logLevel: 'silent' });
  const send = (raw: string, withProof = false) =>
    result<Obj>(node, 'sendTransaction', [G, '', raw, withProof]);
  const deploy = await send(
    signedTx(node, { input: deployCode(RETURN_42), abi: GET_ABI, extraData: 'hello' }),
    true,
  );
  const logger = await send(signedTx(node, { input: deployCode(EMIT_LOG) }));
  const logTx = await send(signedTx(node, { to: logger.contractAddress as string, input: '0x' }));
  const reverter = await send(signedTx(node, { input: deployCode(REVERT) }));
  const revertTx = await send(signedTx(node, { to: reverter.contractAddress as string, input: '0x01' }));
  return { node, deploy, logTx, revertTx };
}
