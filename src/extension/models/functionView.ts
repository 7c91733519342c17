// The call form's view of ABI functions: tuples as "tuple…" with their components (also inside
// arrays), and whether a function is read-only. Pure.

import type { FunctionFragment, ParamType } from 'ethers';
import type { FunctionView, ParamView } from '../messages/callMessages';

function paramView(p: ParamType): ParamView {
  // ethers spells tuples out ("tuple(uint256,string[])[]"); the form wants "tuple[]" plus components.
  const type = p.type.startsWith('tuple') ? `tuple${p.type.slice(p.type.lastIndexOf(')') + 1)}` : p.type;
  let inner: ParamType = p;
  while (inner.isArray() && inner.arrayChildren) inner = inner.arrayChildren;
  const components = inner.components?.map(paramView);
  return { name: p.name, type, ...(components ? { components } : {}) };
}

export function functionView(f: FunctionFragment): FunctionView {
  return {
    signature: f.format('sighash'),
    name: f.name,
    inputs: f.inputs.map(paramView),
    outputs: f.outputs.map(paramView),
    readOnly: f.stateMutability === 'view' || f.stateMutability === 'pure',
    payable: f.payable,
  };
}
