// Debugger variables on a transaction of about 100,000 EVM steps: what the first stop's Locals
// and State cost (the storage index over the whole trace, the function entry, decoding) and a
// later stop's, against the peer of building the trace model (Solidity line of every step) for
// the same trace. Opening stays within the 2 s target only if variables add little.
//
// `node --import tsx bench/debugger-variables.bench.ts` (or `npm run bench debugger-variables`).

import { Interface } from 'ethers';
import { fromHex } from '../src/protocol/hex';
import { DEFAULT_TRACE_LIMITS } from '../src/devnode/evm/trace';
import { TraceModel, type Trace } from '../src/extension/debug/traceModel';
import { VariableDecoder } from '../src/extension/debug/variables/frameVariables';
import { newChain, signedTx } from '../test/unit/devnode/chain-fixtures';
import { compileVars } from '../test/unit/extension/debug-variables-fixture';
import { helpIfAsked } from './lib/args';

helpIfAsked(
  `node --import tsx bench/debugger-variables.bench.ts   (or: npm run bench -- debugger-variables)
  no options; --help, -h prints this and exits`,
);

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Loop {
    uint256 public total;
    mapping(uint256 => uint256) public seen;
    string public label;
    function run(uint256 n) public {
        uint256 t = total;
        for (uint256 i = 0; i < n; i++) {
            t += i;
            if (i % 10 == 0) seen[i] = t;
        }
        total = t;
    }
}
`;

async function main(): Promise<void> {
  const build = compileVars('solc', SOURCE, 'Loop');
  const chain = await newChain();
  try {
    const key = chain.accounts[0].privateKey;
    const d = await chain.submit(signedTx(chain, key, { input: build.bytecode }).raw);
    const addr = '0x' + d.receipt.data.contractAddress;
    const data = new Interface(JSON.stringify(build.abi)).encodeFunctionData('run', [700]);
    const { raw, hash } = signedTx(chain, key, { to: addr, input: fromHex(data) });
    await chain.submit(raw);
    const traced = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
    const trace = (JSON.parse(JSON.stringify(traced)) as { trace: Trace }).trace;

    let t = performance.now();
    const model = new TraceModel(trace, build.lookup);
    // The first stop at a breakpoint on `uint256 t = total;` (line 8).
    const first = model.continueFrom(0, (l) => l.line === 8);
    const modelMs = performance.now() - t;

    t = performance.now();
    const decoder = new VariableDecoder(trace, build.lookup);
    const atFirst = decoder.at(first);
    const firstMs = performance.now() - t;

    // A stop near the end: the function entry is found by replaying the frame's jumps.
    const late = model.continueFrom(Math.floor(trace.steps.length * 0.9), (l) => l.line === 11);
    t = performance.now();
    const atLate = decoder.at(late);
    const lateMs = performance.now() - t;

    const seen = atLate.state?.find((v) => v.name === 'seen');
    console.log(`steps: ${trace.steps.length}; ${seen?.value ?? '?'} at the late stop`);
    console.log(`locals at the first stop: ${atFirst.locals?.map((v) => v.name).join(', ') ?? atFirst.why}`);
    console.log(`trace model (peer): ${modelMs.toFixed(0)} ms`);
    console.log(
      `first stop's variables: ${firstMs.toFixed(0)} ms (${(firstMs / modelMs).toFixed(2)}x the trace model)`,
    );
    console.log(`a late stop's variables: ${lateMs.toFixed(0)} ms (${(lateMs / modelMs).toFixed(2)}x)`);
  } finally {
    await chain.close();
  }
}

void main();
