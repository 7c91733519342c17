// Transaction pages over the SDK against a devnode: a call to a built-in (a BFS link) is decoded
// with its ABI instead of "unknown (0x…)"; a failed transaction shows its status name, reason,
// console.log lines and the Solidity line that failed (from the extension's own compilation with
// source maps); a custom error is decoded with the ABIs the extension knows.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer, TransactionJson } from '../../../src/extension/chain/chainApi';
import { buildInput, readOutput } from '../../../src/extension/compile/solcIO';
import {
  forgetCompilations,
  rememberCompilation,
  withoutMetadata,
} from '../../../src/extension/debug/compiledCode';
import { ContractCodec } from '../../../src/extension/models/abiCodec';
import { transactionView } from '../../../src/extension/models/blockView';
import { builtinAbi } from '../../../src/extension/models/builtinAbis';
import { addDiagnostics, diagnosticsSuffix } from '../../../src/extension/webviews/txDiagnostics';
import { loadCodecs } from '../../../src/extension/webviews/codecs';
import type { AbiRegistry } from '../../../src/extension/abiRegistry';
import { BFS_ADDRESS, TABLE_MANAGER_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { bindAbi } from '../../../src/protocol/builtin/abi';
import { TABLE_MANAGER_ABI } from '../../../src/protocol/builtin/tables';
import { cryptoSuite } from '../../../src/protocol/crypto/suite';
import { toHex } from '../../../src/protocol/hex';

const CONSOLE_SOL = readFileSync(join(__dirname, '../../../media/solidity/console.sol'), 'utf8');
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import "./console.sol";
contract Shop {
    error SoldOut(uint256 item);
    uint256 public stock = 1;
    function buy(uint256 item) public {
        console.log("buying", item);
        require(item < 100, "no such item");
        if (stock == 0) revert SoldOut(item);
        stock -= 1;
    }
}
contract Crate {
    uint256 public size;
    constructor(uint256 n) {
        console.log("packing", n);
        require(n <= 3, "crate too big");
        size = n;
    }
}
contract Warehouse {
    Crate public crate;
    constructor(uint256 n) { crate = new Crate(n); }
}
contract Forwarder {
    function forward(address target, bytes calldata data) public {
        (bool ok, bytes memory result) = target.call(data);
        if (!ok) assembly { revert(add(result, 32), mload(result)) }
    }
}`;

describe('transaction pages: built-in calls, failure reasons and locations, console.log', () => {
  let node: Devnode;
  let api: SdkChainApi;
  let signer: Signer;
  let shop: string;
  let abi: string;
  let compiledContracts: ReturnType<typeof readOutput>['contracts'];
  const registry = {
    all: () => [{ abi, address: shop, name: 'Shop', connection: 'test' }],
  } as unknown as AbiRegistry;

  before(async () => {
    node = await startDevnode({ port: 0, accounts: 1, logLevel: 'silent' });
    api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
    signer = { address: node.accounts[0].address, privateKey: node.accounts[0].privateKey, sm: false };
    const solc = createRequire(__filename)('solc') as { compile(input: string): string };
    const texts = { 'Shop.sol': SOURCE, 'console.sol': CONSOLE_SOL };
    const { contracts, problems, sourceIds } = readOutput(
      solc.compile(buildInput(texts, { evmVersion: 'paris', optimizer: false })),
    );
    assert.deepEqual(
      problems.filter((p) => p.severity === 'error'),
      [],
    );
    forgetCompilations();
    rememberCompilation(contracts, texts, sourceIds);
    compiledContracts = contracts;
    const c = contracts.find((x) => x.name === 'Shop')!;
    abi = JSON.stringify(c.abi);
    shop = (await api.deploy(signer, c.bytecode, abi)).contractAddress;
    assert.equal(withoutMetadata(await api.code(shop)), withoutMetadata(c.deployedBytecode!));
  });
  after(async () => {
    api.close();
    await node.stop();
  });

  async function view(hash: string) {
    const tx = (await api.transaction(hash)) as TransactionJson;
    const receipt = await api.receipt(hash);
    const codec = new ContractCodec(abi, (t) => api.hashText(t));
    const v = transactionView(tx, 0, receipt ?? undefined, (a) =>
      a.toLowerCase() === shop.toLowerCase() ? codec : undefined,
    );
    await addDiagnostics(api, registry, v, receipt?.output);
    return v;
  }

  it('a failing require: status name, reason, console output and the Solidity line', async () => {
    const codec = new ContractCodec(abi, (t) => api.hashText(t));
    const receipt = await api.send(signer, shop, codec.encodeCall('buy(uint256)', ['500']));
    const v = await view(receipt.transactionHash);
    assert.equal(v.receipt?.statusText, 'RevertInstruction (16): no such item');
    assert.deepEqual(v.consoleLogs, ['buying 500']);
    const line = SOURCE.split('\n').findIndex((l) => l.includes('require(item < 100')) + 1;
    assert.equal(v.failure?.where, `Shop.buy (Shop.sol:${line})`);
    assert.equal(v.failure?.snippet, 'require(item < 100, "no such item")');
  });

  it('the call panel suffix: failing line and console output of a traced call and of a transaction', async () => {
    const codec = new ContractCodec(abi, (t) => api.hashText(t));
    const data = codec.encodeCall('buy(uint256)', ['700']);
    const line = SOURCE.split('\n').findIndex((l) => l.includes('require(item < 100')) + 1;
    const call = await diagnosticsSuffix(api, await api.devTools.traceCall(shop, data));
    assert.equal(
      call,
      ` · failed at Shop.buy (Shop.sol:${line}): require(item < 100, "no such item") · console.log: buying 700`,
    );
    const receipt = await api.send(signer, shop, data);
    assert.equal(await diagnosticsSuffix(api, await api.devTools.diagnostics(receipt.transactionHash)), call);
  });

  it('a custom error is decoded with the known ABIs', async () => {
    const codec = new ContractCodec(abi, (t) => api.hashText(t));
    assert.equal((await api.send(signer, shop, codec.encodeCall('buy(uint256)', ['1']))).status, 0);
    const receipt = await api.send(signer, shop, codec.encodeCall('buy(uint256)', ['2']));
    const v = await view(receipt.transactionHash);
    assert.equal(v.receipt?.revertReason, 'SoldOut(item=2)');
    assert.match(v.failure?.where ?? '', /^Shop\.buy \(Shop\.sol:\d+\)$/);
  });

  it('a failure in a built-in: a transaction sent to it, and a contract passing it on', async () => {
    const input = toHex(
      bindAbi(TABLE_MANAGER_ABI, cryptoSuite(false)).encodeCall('createTable(string,(string,string[]))', [
        't_dup',
        ['id', ['a', 'a']],
      ]),
    );
    // A value field twice: PrecompiledError "duplicated field: a" (TableManagerPrecompiled::
    // createTable → checkCreateTableParam → checkNameValidate, bcos-executor/src/precompiled/
    // common/Utilities.cpp), status 15 (TransactionExecutive::callPrecompiled).
    const direct = await api.send(signer, TABLE_MANAGER_ADDRESS, input);
    assert.equal(direct.status, 15);
    const label = 'TableManager (0x1002) createTable(string,(string,string[]))';
    const d = await api.devTools.diagnostics(direct.transactionHash);
    assert.equal(await diagnosticsSuffix(api, d), ` · failed in built-in ${label}`);
    assert.deepEqual((await view(direct.transactionHash)).failure, {
      where: `built-in ${label}`,
      error: 'PrecompiledError',
    });

    const fwd = compiledContracts.find((x) => x.name === 'Forwarder')!;
    const fwdAbi = JSON.stringify(fwd.abi);
    const at = (await api.deploy(signer, fwd.bytecode, fwdAbi)).contractAddress;
    const codec = new ContractCodec(fwdAbi, (t) => api.hashText(t));
    const data = codec.encodeCall('forward(address,bytes)', [TABLE_MANAGER_ADDRESS, input]);
    const passed = await api.send(signer, at, data);
    // The failed built-in is a REVERT to its caller (bugfix_precompiled_evm_status,
    // TransactionExecutive::execute), which passes its data on: status 16.
    assert.equal(passed.status, 16);
    const line = SOURCE.split('\n').findIndex((l) => l.includes('if (!ok) assembly')) + 1;
    const suffix = await diagnosticsSuffix(api, await api.devTools.diagnostics(passed.transactionHash));
    assert.ok(suffix.startsWith(` · failed at Forwarder.forward (Shop.sol:${line}): `), suffix);
    assert.ok(suffix.endsWith(` · in built-in ${label}`), suffix);
    const v = await view(passed.transactionHash);
    assert.equal(v.failure?.where, `Forwarder.forward (Shop.sol:${line})`);
    assert.equal(v.failure?.builtin, label);
  });

  it('a failing constructor: the page, the notification suffix and a constructor failing inside new', async () => {
    const arg = (n: number) => n.toString(16).padStart(64, '0');
    const line = SOURCE.split('\n').findIndex((l) => l.includes('require(n <= 3')) + 1;
    const crate = compiledContracts.find((x) => x.name === 'Crate')!;
    assert.ok(crate.sourceMap, 'the compilation keeps the creation source map');
    const receipt = await api.deploy(signer, crate.bytecode + arg(9), JSON.stringify(crate.abi));
    assert.equal(receipt.status, 16);
    const v = await view(receipt.transactionHash);
    assert.equal(v.receipt?.statusText, 'RevertInstruction (16): crate too big');
    assert.deepEqual(v.consoleLogs, ['packing 9']);
    assert.equal(v.failure?.where, `Crate.constructor (Shop.sol:${line})`);
    assert.equal(v.failure?.snippet, 'require(n <= 3, "crate too big")');
    // What the deploy command's error notification appends.
    assert.equal(
      await diagnosticsSuffix(api, await api.devTools.diagnostics(receipt.transactionHash)),
      ` · failed at Crate.constructor (Shop.sol:${line}): require(n <= 3, "crate too big") · console.log: packing 9`,
    );
    // Warehouse's constructor creates a Crate that fails: the CREATE data finds Crate's source map.
    const warehouse = compiledContracts.find((x) => x.name === 'Warehouse')!;
    const nested = await api.deploy(signer, warehouse.bytecode + arg(7), JSON.stringify(warehouse.abi));
    assert.equal(nested.status, 16);
    assert.equal((await view(nested.transactionHash)).failure?.where, `Crate.constructor (Shop.sol:${line})`);
    // Code this workspace did not compile keeps the address and pc, and says what to do.
    forgetCompilations();
    const unknown = await view(receipt.transactionHash);
    assert.match(
      unknown.failure?.where ?? '',
      /^constructor of 0x[0-9a-f]{40} at pc \d+ \(compile the contract/,
    );
  });

  it('a BFS link transaction is decoded with the BFS ABI', async () => {
    const result = await api.bfsLink(signer, '/apps/shop', shop, abi);
    assert.ok(result.ok, result.message);
    const tx = (await api.transaction(result.receipt!.transactionHash)) as TransactionJson;
    // The panel's lookup: built-ins first, then workspace deployments and the chain's getABI.
    const codecs = await loadCodecs(api, { find: () => undefined } as unknown as AbiRegistry, [tx.to]);
    const v = transactionView(tx, 0, undefined, codecs);
    assert.equal(v.method, 'link(string,string,string)');
    assert.ok(v.args.some((a) => a.value.toLowerCase().includes(shop.slice(2).toLowerCase())));
    assert.ok(builtinAbi(BFS_ADDRESS), 'the BFS ABI is known by address');
  });
});
