// Stack frame names in the fisco-bcos debug adapter: "Contract.function" when the source map and
// the AST name the function running in the frame (a constructor included); without an AST, the
// contract and the instruction as before ("Counter @ pc 12 SLOAD").

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import { startAdapter, type AdapterClient } from './debug-client';
import type { CreationLookup, SourceLookup, Trace } from '../../../src/extension/debug/traceModel';
import { LINE, compileWith, creationLookupIn, deployCounter, lookupIn, type Deployed } from './debug-fixture';

const build = compileWith('solc');
let d: Deployed;
const traces = new Map<string, { trace: Trace; status: number }>();
const adapters: AdapterClient[] = [];

before(async () => {
  d = await deployCounter(build);
  traces.set('0xinc', await d.traceTx(d.iface.encodeFunctionData('increment', [5])));
  traces.set('0xdeploy', await d.traceDeploy());
});

after(async () => {
  for (const a of adapters) await a.close();
  await d.chain.close();
});

async function adapter(lookup: SourceLookup, creationLookup?: CreationLookup): Promise<DebugClient> {
  const a = await startAdapter({
    fetchTrace: (args) => {
      const t = traces.get(args.txHash ?? '');
      return t ? Promise.resolve(t) : Promise.reject(new Error('unknown transaction'));
    },
    lookup,
    creationLookup,
  });
  adapters.push(a);
  return a.dc;
}

/** Runs the transaction to the breakpoint on `line` and returns the stack frames' names. */
async function namesAt(dc: DebugClient, txHash: string, line: number): Promise<string[]> {
  await dc.initializeRequest();
  await dc.setBreakpointsRequest({ source: { path: '/ws/Counter.sol' }, breakpoints: [{ line }] });
  await dc.configurationDoneRequest();
  const stopped = dc.waitForEvent('stopped');
  await dc.launch({ txHash, sourceRoot: '/ws', stopOnEntry: false });
  assert.equal((await stopped).body.reason, 'breakpoint');
  return (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames.map((f) => f.name);
}

/** The runtime lookup, with the compilation's ASTs given to the constructors' creation code too. */
function creationWithAst(): CreationLookup {
  const variables = [...build.Counter.runtime.values()][0].variables;
  const creation = creationLookupIn(build.Counter);
  return (initCode) => {
    const c = creation(initCode);
    return c && { ...c, variables };
  };
}

test('a function frame is named by contract and function', async () => {
  const dc = await adapter(lookupIn(build.Counter));
  assert.deepEqual(await namesAt(dc, '0xinc', LINE.countAdd), ['Counter.increment']);
});

test('a constructor frame is named Contract.constructor when the creation code has an AST', async () => {
  const dc = await adapter(lookupIn(build.Counter), creationWithAst());
  assert.deepEqual(await namesAt(dc, '0xdeploy', LINE.newOther), ['Counter.constructor']);
});

test('without an AST a frame keeps the contract and instruction name', async () => {
  const runtime = lookupIn(build.Counter);
  const withoutAst: SourceLookup = (code) => {
    const c = runtime(code);
    return c && { ...c, variables: undefined };
  };
  const dc = await adapter(withoutAst, creationLookupIn(build.Counter));
  const [inc] = await namesAt(dc, '0xinc', LINE.countAdd);
  assert.match(inc, /^Counter @ pc \d+ [A-Z0-9]+$/);
});
