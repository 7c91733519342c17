import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InterfaceAbi } from 'ethers';
import { BfsListError, BfsService } from '../../src/client/services/bfs';
import { deployContract, sendContractTransaction } from '../../src/client/transactions';
import {
  CODE_FILE_ALREADY_EXIST,
  CODE_FILE_INVALID_PATH,
  CODE_FILE_NOT_EXIST,
} from '../../src/protocol/builtin/retcode';
import { CHAINS, useDevnode } from './services-fixture';

const TARGET = '0x' + 'ab'.repeat(20);

for (const chain of CHAINS) {
  describe(`BfsService against a ${chain.name} devnode`, () => {
    const fx = useDevnode({ sm: chain.sm, auth: true });
    const bfs = () => new BfsService(fx.client, fx.user);

    test('mkdir, duplicate mkdir, and mkdir outside /apps and /tables', async () => {
      const ok = await bfs().mkdir('/apps/demo/dir');
      assert.deepEqual([ok.code, ok.msg], [0, 'Success']);
      assert.equal(ok.transactionReceipt.status, 0);
      const dup = await bfs().mkdir('/apps/demo/dir');
      assert.deepEqual([dup.code, dup.msg], [CODE_FILE_ALREADY_EXIST, 'File already existed']);
      const sys = await bfs().mkdir('/sys/mine');
      assert.deepEqual([sys.code, sys.msg], [CODE_FILE_INVALID_PATH, 'Invalid path']);
      assert.equal((await bfs().mkdir('/tables/folder')).code, 0);
      assert.equal(await bfs().isExist('/sys/mine'), null);
      assert.equal((await bfs().isExist('/apps/demo/dir'))?.fileType, 'directory');
    });

    test('link then readlink then list, both link forms, and the CNS mapping', async () => {
      const r = await bfs().link('/apps/Hello/v1', TARGET, '[]');
      assert.equal(r.code, 0);
      assert.equal(await bfs().readlink('/apps/Hello/v1'), TARGET);
      const [entry] = await bfs().list('/apps/Hello/v1');
      assert.deepEqual(
        [entry.fileName, entry.fileType, entry.address, entry.abi],
        ['v1', 'link', TARGET, '[]'],
      );
      assert.deepEqual(
        (await bfs().list('/apps/Hello')).map((e) => e.fileName),
        ['v1'],
      );
      assert.equal((await bfs().isExist('/apps/Hello/v1'))?.address, TARGET);
      // CNS form needs a deployed contract: the BFS precompile's own address has none, a table does.
      const missing = await bfs().link('Hello', 'v2', TARGET, '');
      assert.equal(missing.code, -51202);
      assert.equal(await bfs().selectByNameAndVersion('Hello', 'v1'), TARGET);
      assert.deepEqual(
        (await bfs().selectByName('Hello')).map((e) => e.fileName),
        ['v1'],
      );
      await assert.rejects(bfs().link('/tables/x', TARGET, ''), /only be created under \/apps/);
    });

    test('list errors reject with the code', async () => {
      await assert.rejects(
        bfs().list('/apps/none'),
        (e: unknown) => e instanceof BfsListError && e.code === CODE_FILE_NOT_EXIST,
      );
      await assert.rejects(
        bfs().list('/apps/bad path'),
        (e: unknown) => e instanceof BfsListError && e.code === CODE_FILE_INVALID_PATH,
      );
    });

    test('callback forms deliver results and errors', async () => {
      const ret = await new Promise((resolve, reject) =>
        bfs().mkdirAsync('/apps/cb', (err, r) => (err ? reject(err) : resolve(r))),
      );
      assert.equal((ret as { code: number }).code, 0);
      const err = await new Promise((resolve) => bfs().listAsync('/apps/none', (e) => resolve(e)));
      assert.ok(err instanceof BfsListError);
    });
  });
}

// Fills a directory in one transaction: a contract calling BFS mkdir in a loop (keccak selectors,
// so this runs on the secp256k1 devnode). Names are e0000…e1199.
const MAKER_SOURCE = `// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.0;
interface IBfs { function mkdir(string memory path) external returns (int32); }
contract Maker {
  function digit(uint v) internal pure returns (bytes1) { return bytes1(uint8(48 + v % 10)); }
  function make(string memory dir, uint from, uint to) public {
    for (uint i = from; i < to; i++) {
      int32 code = IBfs(address(0x100e)).mkdir(string(abi.encodePacked(dir, "/e", digit(i / 1000), digit(i / 100), digit(i / 10), digit(i))));
      require(code == 0, "mkdir failed");
    }
  }
}`;

function compileMaker(): { abi: InterfaceAbi; bytecode: string } {
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'Maker.sol': { content: MAKER_SOURCE } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const c = out.contracts['Maker.sol'].Maker;
  return { abi: c.abi, bytecode: '0x' + c.evm.bytecode.object };
}

describe('BfsService pages through a directory of 1,200 entries', () => {
  const fx = useDevnode({ sm: false, auth: false });
  test('list with offset and limit', async () => {
    const maker = compileMaker();
    const { address } = await deployContract(fx.client, fx.user, maker);
    await sendContractTransaction(fx.client, fx.user, {
      to: address,
      abi: maker.abi,
      method: 'make',
      args: ['/apps/big', 0, 1200],
    });
    const bfs = new BfsService(fx.client, fx.user);
    const names = Array.from({ length: 1200 }, (_, i) => `e${String(i).padStart(4, '0')}`);
    assert.equal((await bfs.list('/apps/big')).length, 500);
    const first = await bfs.list('/apps/big', 0, 500);
    assert.equal(first.left, 700);
    const all = await bfs.listAll('/apps/big');
    assert.deepEqual(
      all.map((e) => e.fileName),
      names,
    );
    const last = await bfs.list('/apps/big', 1000, 500);
    assert.deepEqual([last.left, last.entries.length], [0, 200]);
    // A deployed contract can be bound with the CNS form; it is not listed under /apps by itself.
    assert.equal((await bfs.link('Maker', 'v1', address, JSON.stringify(maker.abi))).code, 0);
    assert.equal(await bfs.readlink('/apps/Maker/v1'), address);
    assert.deepEqual((await bfs.list('/apps')).map((e) => e.fileName).sort(), ['Maker', 'big']);
  });
});
