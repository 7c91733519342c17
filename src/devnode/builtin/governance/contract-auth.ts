// ContractAuthPrecompiled at 0x1005 (precompiled.md §6.4). Admin-only and committee-only checks
// apply whether or not auth check is on; refusals are return codes with status 0, while
// exceptions (unknown contract, bad status) are PrecompiledErrors (status 15).

import { AUTH_MANAGER_ADDRESS, COMMITTEE_MANAGER_ADDRESS } from '../../../protocol/builtin/addresses';
import { bindAbi } from '../../../protocol/builtin/abi';
import {
  ACCESS_STATUS_NAMES,
  AuthMessages,
  AuthType,
  CONTRACT_AUTH_ABI,
} from '../../../protocol/builtin/auth';
import {
  CODE_NO_AUTHORIZED,
  CODE_SUCCESS,
  CODE_TABLE_ERROR_AUTH_TYPE,
  CODE_TABLE_NOT_EXIST,
} from '../../../protocol/builtin/retcode';
import type { Precompiled, PrecompiledContext, PrecompiledResult } from '../types';
import { committeeExists, writeGovernors, writeRates } from './committee-state';
import {
  adminOf,
  checkMethodAuth,
  hasDeployAuth,
  methodAuthOf,
  modifyDeployAuth,
  newAcl,
  readAcl,
  readDeployAcl,
  setMethodAccess,
  writeAcl,
  writeDeployAcl,
  type ContractStatusName,
} from './contract-auth-state';
import { failureResult, precompiledError } from './call-result';
import { BufferedStore } from './state-store';
import { normalizeAddress } from '../../../protocol/address';

const NAME = 'AuthManagerPrecompiled';
const VIEWS = new Set([
  'getAdmin',
  'checkMethodAuth',
  'getMethodAuth',
  'contractAvailable',
  'deployType',
  'hasDeployAuth',
]);

type Handler = (
  ctx: PrecompiledContext,
  store: BufferedStore,
  args: unknown[],
) => Promise<unknown[]> | unknown[];

const addr = (value: unknown) => normalizeAddress(String(value));
const selectorHex = (value: unknown) => String(value).toLowerCase().replace(/^0x/, '');
const code = (value: number) => [BigInt(value)];

function onlyCommittee(ctx: PrecompiledContext): boolean {
  return ctx.caller === COMMITTEE_MANAGER_ADDRESS;
}

function setStatus(
  ctx: PrecompiledContext,
  store: BufferedStore,
  contract: string,
  status: number,
): unknown[] {
  if (ctx.caller !== adminOf(store, contract)) return code(CODE_NO_AUTHORIZED);
  const acl = readAcl(store, contract);
  if (!acl) return code(CODE_TABLE_NOT_EXIST);
  const next = ACCESS_STATUS_NAMES[status] as ContractStatusName | undefined;
  if (next === undefined) precompiledError(AuthMessages.UnknownStatus);
  if (acl.status === 'abolish' && next !== 'abolish') precompiledError(AuthMessages.AlreadyAbolished);
  acl.status = next;
  writeAcl(store, contract, acl);
  return code(CODE_SUCCESS);
}

const HANDLERS: Record<string, Handler> = {
  'getAdmin(address)': (_ctx, store, [contract]) => [adminOf(store, addr(contract))],

  'resetAdmin(address,address)': async (ctx, store, [contract, admin]) => {
    if (!onlyCommittee(ctx)) return code(CODE_NO_AUTHORIZED);
    const target = addr(contract);
    let acl = readAcl(store, target);
    if (!acl) {
      if ((await ctx.codeAt(target)).length === 0) precompiledError(AuthMessages.ContractNotFound);
      acl = newAcl(addr(admin));
    }
    acl.admin = addr(admin);
    writeAcl(store, target, acl);
    return code(CODE_SUCCESS);
  },

  'setMethodAuthType(address,bytes4,uint8)': (ctx, store, [contract, func, type]) => {
    const target = addr(contract);
    if (ctx.caller !== adminOf(store, target)) return code(CODE_NO_AUTHORIZED);
    const acl = readAcl(store, target)!;
    acl.methodAuthType[selectorHex(func)] = Number(type);
    writeAcl(store, target, acl);
    return code(CODE_SUCCESS);
  },

  'openMethodAuth(address,bytes4,address)': (ctx, store, args) => setMethodAuth(ctx, store, args, true),
  'closeMethodAuth(address,bytes4,address)': (ctx, store, args) => setMethodAuth(ctx, store, args, false),

  'checkMethodAuth(address,bytes4,address)': (_ctx, store, [contract, func, account]) => [
    checkMethodAuth(readAcl(store, addr(contract)), selectorHex(func), addr(account)),
  ],

  'getMethodAuth(address,bytes4)': (_ctx, store, [contract, func]) => {
    const [type, access, block] = methodAuthOf(readAcl(store, addr(contract)), selectorHex(func));
    return [type, access, block];
  },

  'setContractStatus(address,bool)': (ctx, store, [contract, freeze]) =>
    setStatus(ctx, store, addr(contract), freeze ? 1 : 0),
  'setContractStatus(address,uint8)': (ctx, store, [contract, status]) =>
    setStatus(ctx, store, addr(contract), Number(status)),

  'contractAvailable(address)': (_ctx, store, [contract]) => {
    const acl = readAcl(store, addr(contract));
    if (!acl) precompiledError(AuthMessages.NoContractStatus);
    return [acl.status === 'normal'];
  },

  'deployType()': (_ctx, store) => [BigInt(readDeployAcl(store).type)],

  'setDeployAuthType(uint8)': (ctx, store, [type]) => {
    if (!onlyCommittee(ctx)) return code(CODE_NO_AUTHORIZED);
    const value = Number(type);
    if (value > AuthType.BlackList) return code(CODE_TABLE_ERROR_AUTH_TYPE);
    writeDeployAcl(store, { ...readDeployAcl(store), type: value });
    return code(CODE_SUCCESS);
  },

  'openDeployAuth(address)': (ctx, store, [account]) => {
    if (!onlyCommittee(ctx)) return code(CODE_NO_AUTHORIZED);
    modifyDeployAuth(store, addr(account), true);
    return code(CODE_SUCCESS);
  },
  'closeDeployAuth(address)': (ctx, store, [account]) => {
    if (!onlyCommittee(ctx)) return code(CODE_NO_AUTHORIZED);
    modifyDeployAuth(store, addr(account), false);
    return code(CODE_SUCCESS);
  },

  'hasDeployAuth(address)': (_ctx, store, [account]) => [hasDeployAuth(store, addr(account))],

  // The committee is written at genesis; this only matters for a store without one.
  'initAuth(string)': (_ctx, store, [admin]) => {
    if (committeeExists(store)) precompiledError(AuthMessages.CommitteeExists);
    writeGovernors(store, [{ address: addr(admin), weight: 1 }]);
    writeRates(store, { participatesRate: 0, winRate: 0 });
    return code(CODE_SUCCESS);
  },
};

function setMethodAuth(
  ctx: PrecompiledContext,
  store: BufferedStore,
  [contract, func, account]: unknown[],
  open: boolean,
) {
  const target = addr(contract);
  if (ctx.caller !== adminOf(store, target)) return code(CODE_NO_AUTHORIZED);
  const acl = readAcl(store, target)!;
  if (!setMethodAccess(acl, selectorHex(func), addr(account), open)) return code(CODE_TABLE_ERROR_AUTH_TYPE);
  writeAcl(store, target, acl);
  return code(CODE_SUCCESS);
}

export function createContractAuthPrecompiled(): Precompiled {
  return {
    address: AUTH_MANAGER_ADDRESS,
    name: NAME,
    abi: CONTRACT_AUTH_ABI,
    async execute(ctx: PrecompiledContext, input: Uint8Array): Promise<PrecompiledResult> {
      const abi = bindAbi(CONTRACT_AUTH_ABI, ctx.suite);
      try {
        if (input.length === 0) precompiledError('Empty param data in precompiled call');
        let call;
        try {
          call = abi.decodeCall(input);
        } catch {
          precompiledError(`${NAME} call with invalid parameters`);
        }
        if (!call) precompiledError(`${NAME} call undefined function!`);
        const name = call.fragment.name;
        if (ctx.isStatic && !VIEWS.has(name))
          precompiledError(`${NAME}: ${name} cannot run in a static call`);
        const store = new BufferedStore(ctx.store);
        const values = await HANDLERS[call.signature](ctx, store, call.args.toArray(true));
        store.commit();
        return { status: 0, output: abi.encodeResult(call.signature, values) };
      } catch (error) {
        return failureResult(error, ctx.suite);
      }
    },
  };
}
