// Libraries already deployed that Deploy offers for a link reference: the workspace's deployment
// records for the active connection, and BFS links under /apps named like the library or whose
// ABI provides its functions. Against an in-process devnode, with contracts compiled by the
// bundled solc and linked into BFS through the ChainApi the extension uses.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';
import type { KnownContract } from '../../../src/extension/abiRegistry';
import { libraryCandidates } from '../../../src/extension/commands/libraryCandidates';

const SOURCE = `pragma solidity ^0.8.0;
library Shift { function by(uint256 x, uint8 n) external pure returns (uint256) { return x << n; } }
contract Other { function x() external pure returns (uint256) { return 1; } }
`;

interface Built {
  abi: unknown[];
  bytecode: string;
}

function compile(): Record<string, Built> {
  const solc = require('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'S.sol': { content: SOURCE } },
        settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const built: Record<string, Built> = {};
  for (const [name, c] of Object.entries(out.contracts['S.sol']))
    built[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  return built;
}

describe('libraryCandidates', () => {
  let node: Devnode;
  let api: SdkChainApi;
  let signer: Signer;
  let built: Record<string, Built>;
  const deploy = async (name: string) => {
    const r = await api.deploy(signer, built[name].bytecode, JSON.stringify(built[name].abi));
    assert.equal(r.status, 0);
    return r.contractAddress.toLowerCase();
  };
  const link = async (path: string, address: string, name: string) => {
    const r = await api.bfsLink(signer, path, address, JSON.stringify(built[name].abi));
    assert.equal(r.ok, true, r.message);
  };

  before(async () => {
    node = await startDevnode({ port: 0, logLevel: 'silent', seed: 'library-candidates' });
    api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
    signer = {
      address: node.accounts[0].address.toLowerCase(),
      privateKey: node.accounts[0].privateKey,
      sm: false,
    };
    built = compile();
  });
  after(async () => {
    api?.close();
    await node?.stop();
  });

  it('offers recorded libraries and BFS links matching by name or ABI, each address once', async () => {
    const [recordedAndLinked, otherName, recordedOnly, wrongAbi] = [
      await deploy('Shift'),
      await deploy('Shift'),
      await deploy('Shift'),
      await deploy('Other'),
    ];
    await link('/apps/Shift/1.0', recordedAndLinked, 'Shift');
    await link('/apps/BitOps/2.0', otherName, 'Shift'); // another name, the library's ABI
    await link('/apps/Shift/broken', wrongAbi, 'Other'); // the library's name, another ABI
    await link('/apps/Unrelated/1.0', wrongAbi, 'Other');
    const record = (address: string, connection = 'test', deployedAt = 1): KnownContract => ({
      address,
      name: 'Shift',
      abi: JSON.stringify(built.Shift.abi),
      connection,
      deployedAt,
    });
    const records = [
      record(recordedAndLinked, 'test', 1),
      record(`0x${'11'.repeat(20)}`, 'another chain'),
      record(recordedOnly, 'test', 2),
    ];

    const found = await libraryCandidates(api, records, 'test', { name: 'Shift', abi: built.Shift.abi });
    assert.deepEqual(
      found.map((c) => [c.address, c.sources]),
      [
        // Newest record first.
        [recordedOnly, ['deployment records']],
        [recordedAndLinked, ['deployment records', '/apps/Shift/1.0']],
        [otherName, ['/apps/BitOps/2.0']],
      ],
    );
  });

  it('finds nothing for a library nobody deployed', async () => {
    const found = await libraryCandidates(api, [], 'test', {
      name: 'Nobody',
      abi: [{ type: 'function', name: 'nothing', inputs: [{ type: 'bytes32' }] }],
    });
    assert.deepEqual(found, []);
  });
});
