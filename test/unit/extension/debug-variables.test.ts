// Decoded variables over devnode traces of a contract compiled with two solc versions (the
// bundled 0.8.x and 0.6.10): arguments, return variables and locals from the stack (memory
// arrays and strings through their pointers, locals only while in scope), and state variables
// from the storage layout: packed value types, a long string, bytes, a dynamic and a fixed
// array, a struct, and mappings by the keys the transaction hashed (two keys of one mapping);
// then modifiers, calldata arguments, storage pointers, memory structs and nested mappings.

import { after, before, describe, it } from 'node:test';
import { instructionIndexes, parseSourceMap } from '../../../src/client/sourceMap';
import assert from 'node:assert/strict';
import { TraceModel } from '../../../src/extension/debug/traceModel';
import { VariableDecoder } from '../../../src/extension/debug/variables/frameVariables';
import { lookupPath, parsePath } from '../../../src/extension/debug/variables/evaluate';
import { NOT_TOUCHED } from '../../../src/extension/debug/variables/storageDecode';
import type { NamedShown } from '../../../src/extension/debug/variables/values';
import {
  MADE_LINE,
  MADE_SOURCE,
  MORE_LINE,
  MORE_SOURCE,
  VARS_LINE,
  compileVars,
  deployVars,
  traceDeploy,
  type VarsDeployed,
} from './debug-variables-fixture';
import type { Trace } from '../../../src/extension/debug/traceModel';

const NOTE = 'a note that is longer than thirty-one bytes';

/** name → value, children flattened as "parent.child" / "parent[0]". */
function flat(vars: NamedShown[] | undefined, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of vars ?? []) {
    const name = prefix === '' ? v.name : v.name.startsWith('[') ? prefix + v.name : `${prefix}.${v.name}`;
    out.set(name, v.value);
    for (const [k, x] of flat(v.children, name)) out.set(k, x);
  }
  return out;
}

for (const pkg of ['solc', 'solc-0.6.10'] as const) {
  describe(`decoded variables with ${pkg}`, () => {
    const build = compileVars(pkg);
    let d: VarsDeployed;
    let trace: Trace;
    let m: TraceModel;
    let dec: VariableDecoder;
    let to: string;
    const at = (line: number) => m.continueFrom(0, (l) => l.line === line);

    before(async () => {
      d = await deployVars(build);
      to = d.chain.accounts[1].address.toLowerCase();
      const t = await d.traceTx(d.iface.encodeFunctionData('run', [12, to, NOTE]));
      assert.equal(t.status, 0);
      trace = t.trace;
      m = new TraceModel(trace, build.lookup);
      dec = new VariableDecoder(trace, build.lookup);
    });
    after(async () => d?.chain.close());

    it('shows the arguments at the first line, and no local before its declaration', () => {
      const v = dec.at(at(VARS_LINE.before));
      assert.equal(v.function, 'run');
      const locals = flat(v.locals);
      assert.equal(locals.get('amount'), '12');
      assert.equal(locals.get('to'), to);
      assert.equal(locals.get('note'), JSON.stringify(NOTE));
      assert.equal(locals.get('total'), '0');
      assert.equal(locals.has('before'), false);
      // Nothing has been read yet: count's slot is not known at the first step of the line.
      assert.equal(flat(v.state).get('count'), '0');
    });

    it('shows value-type and memory locals in declaration order', () => {
      const v = dec.at(at(VARS_LINE.totalAssign));
      assert.deepEqual(
        v.locals!.map((x) => x.name),
        ['amount', 'to', 'note', 'total', 'before', 'big', 'k', 'tmp'],
      );
      const locals = flat(v.locals);
      assert.equal(locals.get('before'), '0');
      assert.equal(locals.get('big'), 'true');
      assert.equal(locals.get('k'), 'Kind.Big');
      assert.equal(locals.get('tmp'), 'uint256[] (length 2)');
      assert.equal(locals.get('tmp[0]'), '12');
      assert.equal(locals.get('tmp[1]'), '0');
    });

    it('enters an internal function: its own arguments and block-scoped loop locals', () => {
      const v = dec.at(at(VARS_LINE.loopSum));
      assert.equal(v.function, 'helper');
      assert.deepEqual(
        v.locals!.map((x) => x.name),
        ['x', 'arr', 'r', 'sum', 'i', 'sq'],
      );
      const locals = flat(v.locals);
      assert.equal(locals.get('x'), '12');
      assert.equal(locals.get('arr[0]'), '12');
      assert.equal(locals.get('i'), '0');
      assert.equal(locals.get('sq'), '24');
      // After the loop, its locals are out of scope.
      const after = flat(dec.at(at(VARS_LINE.helperR)).locals);
      assert.equal(after.get('sum'), '36');
      assert.equal(after.has('i'), false);
      assert.equal(after.has('sq'), false);
    });

    it('decodes state variables from the storage layout', () => {
      const state = flat(dec.at(at(VARS_LINE.helperR)).state);
      assert.equal(state.get('count'), '12');
      assert.equal(state.get('flag'), 'true');
      assert.equal(state.get('kind'), 'Kind.Big');
      assert.equal(state.get('owner'), to);
      assert.equal(state.get('tag'), '0x12345678');
      assert.equal(state.get('delta'), '-5');
      assert.equal(state.get('name'), JSON.stringify(NOTE));
      assert.equal(state.get('blob'), '0x01020304');
      assert.equal(state.get('list'), 'uint256[] (length 2)');
      assert.equal(state.get('list[0]'), '12');
      assert.equal(state.get('list[1]'), '7');
      assert.equal(state.get('trio[0]'), '0');
      assert.equal(state.get('trio[1]'), '9');
      assert.equal(state.get('balances'), 'mapping(address => uint256) (2 keys touched)');
      assert.equal(state.get(`balances[${to}]`), '12');
      assert.equal(state.get(`balances[${d.sender.toLowerCase()}]`), '1');
      assert.equal(state.get('items[12].id'), '12');
      assert.equal(state.get('items[12].active'), 'true');
      assert.equal(state.get('items[12].owner'), to);
      assert.equal(state.get('items[12].label'), '"short"');
      assert.equal(state.get('last.label'), '"short"');
      assert.equal(state.get('last.id'), '12');
    });

    it('shows state as it is at the step: the value before a write, the value written after it', async () => {
      // A second run: count was 12 and becomes 15; name (a long string) becomes "x".
      const t = await d.traceTx(d.iface.encodeFunctionData('run', [3, to, 'x']));
      const m2 = new TraceModel(t.trace, build.lookup);
      const dec2 = new VariableDecoder(t.trace, build.lookup);
      const first = flat(dec2.at(m2.continueFrom(0, (l) => l.line === VARS_LINE.before)).state);
      // The slot's value before the transaction comes from its first read, later in the trace.
      assert.equal(first.get('count'), '12');
      assert.equal(first.get('name'), JSON.stringify(NOTE));
      const end = flat(dec2.at(m2.continueFrom(0, (l) => l.line === VARS_LINE.helperR)).state);
      assert.equal(end.get('count'), '15');
      assert.equal(end.get('name'), '"x"');
      assert.equal(end.get(`balances[${to}]`), '15');
      assert.equal(end.get('items'), 'mapping(uint256 => struct Vars.Item) (1 key touched)');
      assert.equal(end.get('items[3].id'), '3');
    });

    it('shows state the transaction never touches from the storage before it', async () => {
      const t = await d.traceTx(d.iface.encodeFunctionData('poke'));
      const m2 = new TraceModel(t.trace, build.lookup);
      const dec2 = new VariableDecoder(t.trace, build.lookup);
      const v = dec2.at(m2.continueFrom(0, (l) => l.line === VARS_LINE.poke));
      assert.equal(v.function, 'poke');
      assert.deepEqual(v.locals, []);
      const state = flat(v.state);
      assert.equal(state.get('count'), '15');
      assert.equal(state.get('name'), '"x"');
      assert.equal(state.get('list'), 'uint256[] (length 4)');
      assert.equal(state.get('list[3]'), '7');
      assert.equal(state.get('last.label'), '"short"');
      assert.equal(state.get('delta'), '-5');
      // Mappings list the keys this transaction hashed: none here.
      assert.equal(state.get('balances'), 'mapping(address => uint256) (0 keys touched)');

      // Without the devnode's preStorage (an older devnode), only slots the trace read or wrote
      // are known, and the rest say so rather than show a guess.
      const bare = { ...t.trace, preStorage: undefined };
      const old = flat(
        new VariableDecoder(bare, build.lookup).at(m2.continueFrom(0, (l) => l.line === VARS_LINE.poke))
          .state,
      );
      assert.equal(old.get('count'), '15');
      assert.equal(old.get('name'), NOT_TOUCHED);
      assert.equal(old.get('list'), NOT_TOUCHED);
    });
  });
}

for (const pkg of ['solc', 'solc-0.6.10'] as const) {
  describe(`decoded variables with modifiers, calldata and storage pointers (${pkg})`, () => {
    const build = compileVars(pkg, MORE_SOURCE, 'More');
    let d: VarsDeployed;
    let m: TraceModel;
    let dec: VariableDecoder;
    const at = (line: number) => m.continueFrom(0, (l) => l.line === line);

    before(async () => {
      d = await deployVars(build);
      const t = await d.traceTx(d.iface.encodeFunctionData('ext', [[3, 4], 'lbl']));
      assert.equal(t.status, 0);
      m = new TraceModel(t.trace, build.lookup);
      dec = new VariableDecoder(t.trace, build.lookup);
    });
    after(async () => d?.chain.close());

    it('shows calldata arguments and a memory struct below a modifier’s variables', () => {
      const v = dec.at(at(MORE_LINE.loop));
      assert.equal(v.function, 'ext');
      assert.deepEqual(
        v.locals!.map((x) => [x.name, x.type]),
        [
          ['xs', 'uint256[] calldata'],
          ['label', 'string calldata'],
          ['sum', 'uint256'],
          ['p', 'struct More.P memory'],
        ],
      );
      const locals = flat(v.locals);
      assert.equal(locals.get('xs'), 'uint256[] (length 2)');
      assert.equal(locals.get('xs[0]'), '3');
      assert.equal(locals.get('xs[1]'), '4');
      assert.equal(locals.get('label'), '"lbl"');
      assert.equal(locals.get('p.a'), '1');
      assert.equal(locals.get('p.b'), '2');
      assert.equal(locals.get('p.s'), '"lbl"');
    });

    it('decodes a storage pointer local through the storage layout', () => {
      const locals = flat(dec.at(at(MORE_LINE.lastLine)).locals);
      assert.equal(locals.get('sum'), '7');
      assert.equal(locals.get('last.a'), '1');
      assert.equal(locals.get('last.b'), '9');
      assert.equal(locals.get('last.s'), '"lbl"');
    });

    it('inside the modifier: its parameter and locals, with the function’s arguments', () => {
      const v = dec.at(at(MORE_LINE.totalAdd));
      assert.equal(v.function, 'ext (modifier positive)');
      const locals = flat(v.locals);
      assert.equal(locals.get('v'), '2');
      assert.equal(locals.get('doubled'), '4');
      assert.equal(locals.get('sum'), '8');
      assert.equal(locals.has('p'), false);
    });

    it('decodes nested and string-keyed mappings and an array of structs', () => {
      const state = flat(dec.at(at(MORE_LINE.totalAdd)).state);
      const me = d.sender.toLowerCase();
      assert.equal(state.get(`nested[${me}]`), 'mapping(uint256 => uint256) (2 keys touched)');
      assert.equal(state.get(`nested[${me}][7]`), '5');
      assert.equal(state.get(`nested[${me}][1]`), '6');
      assert.equal(state.get('named["lbl"]'), '7');
      assert.equal(state.get('ps'), 'struct More.P[] (length 1)');
      assert.equal(state.get('ps[0].b'), '9');
      assert.equal(state.get('ps[0].s'), '"lbl"');
      assert.equal(state.get('total'), '0');
    });
  });
}

for (const pkg of ['solc', 'solc-0.6.10'] as const) {
  it(`constructor arguments and locals in the creation code (${pkg})`, async () => {
    const build = compileVars(pkg, MADE_SOURCE, 'Made');
    const { chain, trace, status } = await traceDeploy(build, [7, 'hi']);
    try {
      assert.equal(status, 0);
      assert.equal(trace.frames[0].kind, 'create');
      const dec = new VariableDecoder(trace, build.lookup, build.creation);
      // Locate constructor lines with the creation source map, as the trace model does.
      const entries = parseSourceMap(build.creationSource.sourceMap);
      const index = instructionIndexes(build.bytecode);
      const lineOf = (i: number) => {
        const e = entries[index.get(trace.steps[i].pc) ?? -1];
        return e === undefined || e.file < 0 ? -1 : MADE_SOURCE.slice(0, e.start).split('\n').length;
      };
      const first = (line: number) => trace.steps.findIndex((_, i) => lineOf(i) === line);
      const atLocal = dec.at(first(MADE_LINE.local));
      assert.equal(atLocal.function, 'constructor');
      assert.deepEqual(
        atLocal.locals!.map((v) => [v.name, v.value]),
        [
          ['start', '7'],
          ['label', '"hi"'],
        ],
      );
      const atName = dec.at(first(MADE_LINE.name));
      assert.deepEqual(
        atName.locals!.map((v) => [v.name, v.value]),
        [
          ['start', '7'],
          ['label', '"hi"'],
          ['local', '14'],
        ],
      );
      assert.equal(flat(atName.state).get('count'), '14');
      assert.equal(flat(atName.state).get('name'), '""');
      assert.equal(flat(dec.at(trace.steps.length - 1).state).get('name'), '"hi"');
      // Without the creation lookup, the constructor's variables are unknown and say why.
      assert.match(
        new VariableDecoder(trace, build.lookup).at(first(MADE_LINE.name)).why!,
        /no compilation known to the debugger has this contract’s code/,
      );
    } finally {
      await chain.close();
    }
  });
}

it('code compiled with viaIR: state variables decoded, locals refused with the reason', async () => {
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Ir {
    mapping(address => uint256) public balances;
    string public name;
    function run(address to, string memory note) public {
        uint256 before = balances[to];
        balances[to] = before + 12;
        name = note;
    }
}
`;
  const build = compileVars('solc', source, 'Ir', true);
  const d = await deployVars(build);
  try {
    const to = d.chain.accounts[1].address.toLowerCase();
    const { trace, status } = await d.traceTx(d.iface.encodeFunctionData('run', [to, NOTE]));
    assert.equal(status, 0);
    const v = new VariableDecoder(trace, build.lookup).at(trace.steps.length - 1);
    assert.equal(v.locals, undefined);
    assert.match(v.why!, /compiled with viaIR: arguments and locals have no fixed stack positions/);
    const state = flat(v.state);
    assert.equal(state.get(`balances[${to}]`), '12');
    assert.equal(state.get('name'), JSON.stringify(NOTE));
  } finally {
    await d.chain.close();
  }
});

it('long arrays page past the first 100 elements, in storage and in memory', async () => {
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Many {
    uint16[] public many;
    function fill() public {
        for (uint16 i = 0; i < 150; i++) many.push(i);
        uint256[] memory m = new uint256[](130);
        m[129] = 7;
        many.push(uint16(m[129]));
    }
}
`;
  const build = compileVars('solc', source, 'Many');
  const d = await deployVars(build);
  try {
    const { trace, status } = await d.traceTx(d.iface.encodeFunctionData('fill'));
    assert.equal(status, 0);
    const m = new TraceModel(trace, build.lookup);
    const v = new VariableDecoder(trace, build.lookup).at(m.continueFrom(0, (l) => l.line === 9));
    const many = v.state!.find((x) => x.name === 'many')!;
    assert.equal(many.value, 'uint16[] (length 150)');
    assert.equal(many.children!.length, 100);
    assert.equal(many.page!.length, 150);
    assert.deepEqual(
      many.page!.at(140, 3).map((e) => [e.name, e.value]),
      [
        ['[140]', '140'],
        ['[141]', '141'],
        ['[142]', '142'],
      ],
    );
    assert.equal(many.page!.at(149, 10).length, 1);
    const mem = v.locals!.find((x) => x.name === 'm')!;
    assert.equal(mem.page!.length, 130);
    assert.equal(mem.page!.at(129, 1)[0].value, '7');
    // Watch expressions reach paged elements too.
    assert.equal(lookupPath(parsePath('many[149]')!, [v.locals!, v.state!])?.value, '149');
    assert.equal(lookupPath(parsePath('m[129]')!, [v.locals!, v.state!])?.value, '7');
  } finally {
    await d.chain.close();
  }
});
