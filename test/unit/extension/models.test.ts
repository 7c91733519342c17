// View models of the trees and the argument/ABI coding shared by prompts and the call form.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseConnections,
  validateName,
  validateUrl,
  normaliseUrl,
  missingTlsFiles,
  validateGroup,
} from '../../../src/extension/connections/connectionModel';
import {
  PagedChildren,
  addressOf,
  defaultLinkPath,
  joinPath,
  kindOf,
  parentOf,
  sortEntries,
  validateChildName,
  validateLinkPath,
} from '../../../src/extension/models/bfsModel';
import {
  describeTally,
  effectiveStatus,
  groupByStatus,
  hasVoted,
  isGovernor,
  proposalTypeLabel,
  recentProposalIds,
  tally,
} from '../../../src/extension/models/governanceModel';
import { describeNode, protocolVersionText, roleLabel } from '../../../src/extension/models/groupsModel';
import {
  decodeIntResult,
  decodeRevertReason,
  describeReceiptStatus,
  retCodeMessage,
} from '../../../src/extension/models/txStatus';
import { coerceArgs, exampleFor, parseArgText } from '../../../src/extension/models/abiArgs';
import { ContractCodec } from '../../../src/extension/models/abiCodec';
import { explainStartFailure, parseReadyLine } from '../../../src/extension/devnode/readyLine';
import { findContractDeclarations, readOutput, resolveImport } from '../../../src/extension/compile/solcIO';
import { AbiCoder, id } from 'ethers';
import type { CommitteeInfo, ProposalInfo } from '../../../src/extension/chain/chainApi';

describe('connection settings', () => {
  it('validates names, URLs and groups', () => {
    assert.equal(validateName('', []), 'Give the connection a name.');
    assert.match(validateName('a', [{ name: 'a', url: 'http://x', group: 'g' }])!, /already exists/);
    assert.equal(validateUrl('127.0.0.1:20200'), undefined);
    assert.match(validateUrl('ftp://x')!, /http/);
    assert.equal(normaliseUrl('127.0.0.1:20200/'), 'http://127.0.0.1:20200');
    assert.equal(validateGroup('group0'), undefined);
    assert.ok(validateGroup('bad group'));
    assert.deepEqual(missingTlsFiles(['ca.crt', 'sdk.key']), ['sdk.crt']);
    // An SM folder (build_chain.sh -s) is told apart by its names and checked for both pairs.
    assert.deepEqual(missingTlsFiles(['sm_ca.crt', 'sm_sdk.crt', 'sm_sdk.key', 'sm_ensdk.crt']), [
      'sm_ensdk.key',
    ]);
    assert.deepEqual(
      missingTlsFiles(['sm_ca.crt', 'sm_sdk.crt', 'sm_sdk.key', 'sm_ensdk.crt', 'sm_ensdk.key']),
      [],
    );
  });

  it('keeps valid entries and reports the rest', () => {
    const { connections, problems } = parseConnections([
      { name: 'A', url: '127.0.0.1:20200' },
      { name: 'A', url: 'http://other' },
      { url: 'http://x' },
    ]);
    assert.deepEqual(connections, [{ name: 'A', url: 'http://127.0.0.1:20200', group: 'group0' }]);
    assert.equal(problems.length, 2);
  });
});

describe('BFS model', () => {
  it('builds and validates paths', () => {
    assert.equal(joinPath('/', 'apps'), '/apps');
    assert.equal(joinPath('/apps', 'x'), '/apps/x');
    assert.equal(parentOf('/apps/x'), '/apps');
    assert.equal(parentOf('/apps'), '/');
    assert.equal(validateChildName('/apps', 'demo'), undefined);
    assert.match(validateChildName('/sys', 'demo')!, /only be created under/);
    assert.match(validateChildName('/apps', 'a/b')!, /one name/);
    assert.equal(validateLinkPath(defaultLinkPath('Hello', '1.0')), undefined);
    assert.match(validateLinkPath('/usr/x')!, /\/apps/);
  });

  it('sorts directories first and pages with load more', () => {
    const sorted = sortEntries([
      { name: 'b', type: 'link' },
      { name: 'z', type: 'directory' },
      { name: 'a', type: 'contract' },
    ]);
    assert.deepEqual(
      sorted.map((e) => e.name),
      ['z', 'a', 'b'],
    );
    const paged = new PagedChildren();
    paged.add({
      entries: Array.from({ length: 500 }, (_, i) => ({ name: `e${i}`, type: 'link' })),
      left: 20,
    });
    assert.equal(paged.hasMore, true);
    assert.equal(paged.nextOffset, 500);
    paged.add({ entries: Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, type: 'link' })), left: 0 });
    assert.equal(paged.hasMore, false);
    assert.equal(paged.entries.length, 520);
  });

  it('finds addresses of links and contract entries', () => {
    assert.equal(kindOf({ name: 'x', type: 'weird' }), 'other');
    assert.equal(addressOf({ name: '1.0', type: 'link', address: '0xabc' }), '0xabc');
    assert.equal(addressOf({ name: '100e', type: 'contract' }), '0x000000000000000000000000000000000000100e');
  });
});

describe('governance model', () => {
  const committee: CommitteeInfo = {
    governors: [
      { address: '0xAA', weight: 2 },
      { address: '0xbb', weight: 1 },
    ],
    participatesRate: 50,
    winRate: 60,
  };
  const p = (
    id: number,
    status: number,
    agree: string[] = [],
    against: string[] = [],
    deadline = 100,
  ): ProposalInfo => ({
    id,
    proposer: '0xaa',
    proposalType: 11,
    resourceId: '0xcc',
    blockNumberInterval: deadline,
    status,
    agreeVoters: agree,
    againstVoters: against,
  });

  it('tallies weights against the thresholds', () => {
    const t = tally(p(1, 1, ['0xaa'], ['0xbb']), committee);
    assert.deepEqual(
      [t.agreeWeight, t.againstWeight, t.totalWeight, t.participation, t.approval],
      [2, 1, 3, 100, 67],
    );
    assert.match(describeTally(t), /needs 50%.*needs 60%/);
    assert.ok(isGovernor(committee, '0xaa'));
    assert.ok(!isGovernor(committee, '0xcc'));
    assert.ok(hasVoted(p(1, 1, ['0xAA']), '0xaa'));
  });

  it('groups by status, open first, and treats expired open proposals as outdated', () => {
    assert.equal(effectiveStatus(p(1, 1, [], [], 10), 11), 5);
    const groups = groupByStatus([p(1, 2), p(2, 1), p(3, 1, [], [], 5)], 50);
    assert.deepEqual([...groups.keys()], [1, 2, 5]);
    assert.equal(proposalTypeLabel(11), 'Update Governor');
    assert.deepEqual(recentProposalIds(3), [3, 2, 1]);
  });
});

describe('groups model', () => {
  it('describes nodes and decodes protocol versions', () => {
    assert.equal(protocolVersionText(50528256), '3.3.0');
    assert.equal(roleLabel({ name: 'n', nodeId: 'x', role: 'sealer', weight: 2 }), 'sealer · weight 2');
    assert.equal(
      describeNode(
        { name: 'n', nodeId: 'x', role: 'observer' },
        { blockNumber: 5, pendingTxs: 1, isSyncing: true },
      ),
      'observer · #5 · 1 pending · syncing',
    );
  });
});

describe('receipt status text', () => {
  it('decodes revert reasons and return codes', () => {
    const output =
      '0x08c379a0' + AbiCoder.defaultAbiCoder().encode(['string'], ['you must be governor']).slice(2);
    assert.equal(decodeRevertReason(output), 'you must be governor');
    assert.equal(
      describeReceiptStatus({ status: 16, output }),
      'RevertInstruction (16): you must be governor',
    );
    assert.equal(describeReceiptStatus({ status: 0 }), 'Success');
    assert.match(retCodeMessage(-53002), /already exists/);
    assert.equal(decodeIntResult(AbiCoder.defaultAbiCoder().encode(['int256'], [-50000])), -50000n);
  });
});

describe('ABI arguments', () => {
  it('parses every kind of parameter and explains mistakes', () => {
    assert.equal(parseArgText({ type: 'uint8' }, '255'), 255n);
    assert.throws(() => parseArgText({ name: 'x', type: 'uint8' }, '256'), /out of range/);
    assert.throws(() => parseArgText({ name: 'a', type: 'address' }, '0x12'), /not an address/);
    // SM chains' addresses carry no keccak (EIP-55) checksum: mixed case is taken as it is.
    const mixed = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
    assert.equal(parseArgText({ type: 'address' }, mixed), mixed.toLowerCase());
    assert.equal(parseArgText({ type: 'bool' }, 'true'), true);
    assert.throws(() => parseArgText({ name: 'b', type: 'bytes4' }, '0x1234'), /exactly 4 bytes/);
    assert.deepEqual(parseArgText({ type: 'uint256[]' }, '["1", 2]'), [1n, 2n]);
    const tuple = {
      name: 's',
      type: 'tuple',
      components: [
        { name: 'id', type: 'uint256' },
        { name: 'tags', type: 'string[]' },
      ],
    };
    assert.deepEqual(parseArgText(tuple, '{"id": "7", "tags": ["a"]}'), [7n, ['a']]);
    assert.throws(() => parseArgText(tuple, '{"id": 1}'), /missing field "tags"/);
    assert.deepEqual(
      coerceArgs([{ type: 'tuple[]', components: [{ name: 'a', type: 'bool' }] }], [[{ a: true }, [false]]]),
      [[[true], [false]]],
    );
    assert.equal(exampleFor(tuple), '{"id": "0", "tags": ["text"]}');
  });

  it('encodes and decodes calls with the chain hash (keccak here)', () => {
    const keccak = (t: string) => id(t);
    const codec = new ContractCodec(
      [
        {
          type: 'function',
          name: 'set',
          inputs: [{ name: 'v', type: 'uint256' }],
          outputs: [],
          stateMutability: 'nonpayable',
        },
      ],
      keccak,
    );
    const data = codec.encodeCall('set(uint256)', ['5']);
    assert.equal(data.slice(0, 10), id('set(uint256)').slice(0, 10));
    assert.deepEqual(codec.decodeInput(data)?.args, [{ name: 'v', type: 'uint256', value: '5' }]);
    // another hash gives another selector: SM chains use SM3
    const other = new ContractCodec(codec.iface.formatJson(), (t) => id(`x${t}`));
    assert.notEqual(other.encodeCall('set(uint256)', ['5']).slice(0, 10), data.slice(0, 10));
    assert.equal(other.decodeInput(data), undefined);
  });
});

describe('devnode ready line', () => {
  it('parses the JSON ready line and ignores other output', () => {
    const line = JSON.stringify({
      event: 'ready',
      url: 'http://127.0.0.1:20200',
      port: 20200,
      group: 'group0',
      sm: false,
      accounts: [{ address: '0xAB', privateKey: `0x${'1'.repeat(64)}` }],
    });
    const ready = parseReadyLine(line, 1);
    assert.equal(ready?.url, 'http://127.0.0.1:20200');
    assert.deepEqual(ready?.accounts, [{ address: '0xab', privateKey: `0x${'1'.repeat(64)}` }]);
    assert.equal(parseReadyLine('[info] listening', 1), undefined);
    assert.equal(parseReadyLine('{"event":"block"}', 1), undefined);
  });

  it('explains a port conflict with what to do', () => {
    const f = explainStartFailure(
      'Error: listen EADDRINUSE: address already in use 127.0.0.1:20200',
      1,
      20200,
    );
    assert.match(f.message, /Port 20200 is already in use/);
    assert.deepEqual(f.actions, ['Use Another Port', 'Show Log']);
    assert.match(explainStartFailure('boom', 3, 1).message, /exit code 3\): boom/);
  });
});

describe('solc input/output', () => {
  it('finds contract declarations outside comments', () => {
    const decls = findContractDeclarations(
      '// contract Fake {}\n/* contract Hidden */\ncontract A {}\nabstract contract B {}\ninterface I {}\n',
    );
    assert.deepEqual(
      decls.map((d) => [d.name, d.line, d.kind]),
      [
        ['A', 2, 'contract'],
        ['B', 3, 'abstract contract'],
        ['I', 4, 'interface'],
      ],
    );
    assert.equal(resolveImport('contracts/A.sol', './lib/B.sol'), 'contracts/lib/B.sol');
    assert.equal(resolveImport('contracts/A.sol', '../B.sol'), 'B.sol');
  });

  it('reads contracts and problems from solc output', () => {
    const { contracts, problems } = readOutput(
      JSON.stringify({
        errors: [
          {
            severity: 'warning',
            message: 'unused',
            sourceLocation: { file: 'A.sol', start: 1, end: 2 },
            errorCode: '2072',
          },
        ],
        contracts: { 'A.sol': { A: { abi: [], evm: { bytecode: { object: '6080' } } } } },
      }),
    );
    assert.deepEqual(contracts, [{ source: 'A.sol', name: 'A', abi: [], bytecode: '0x6080' }]);
    assert.deepEqual(problems[0], {
      file: 'A.sol',
      start: 1,
      end: 2,
      severity: 'warning',
      message: 'unused',
      code: '2072',
    });
  });
});
