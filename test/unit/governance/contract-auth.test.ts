import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MANAGER_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { selectorOf } from '../../../src/protocol/builtin/abi';
import { smSuite } from '../../../src/protocol/crypto/suite';
import { GovernanceHarness, account, revertText } from './harness';

const GOVERNOR = account(1);
const DEPLOYER = account(2);
const ALICE = account(3);
const BOB = account(4);
const CONTRACT = '0x' + 'c0'.repeat(20);
const WEEK = 604800n;

function deployed(h: GovernanceHarness) {
  h.governance.auth.onDeployed(h.store, CONTRACT, {
    origin: DEPLOYER,
    caller: DEPLOYER,
    to: '',
    selector: new Uint8Array(),
    blockNumber: 1,
  });
  return selectorOf('set(uint256)', h.suite);
}

async function authWrite(h: GovernanceHarness, fn: string, args: unknown[], caller: string): Promise<bigint> {
  const result = await h.send(AUTH_MANAGER_ADDRESS, h.abi.auth, fn, args, caller);
  assert.equal(result.status, 0, revertText(result));
  return h.abi.auth.decodeResult(fn, result.output)[0] as bigint;
}

function callAs(h: GovernanceHarness, caller: string, selector: Uint8Array) {
  return h.governance.auth.checkCall(h.store, {
    origin: caller,
    caller,
    to: CONTRACT,
    selector,
    blockNumber: 2,
  });
}

test('the deployer is the admin; only the admin sets method auth (else -50000)', async () => {
  const h = new GovernanceHarness();
  const func = deployed(h);
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'getAdmin', [CONTRACT]), [DEPLOYER]);
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'getAdmin', [BOB]), [
    '0x' + '0'.repeat(40),
  ]);
  const before = h.store.snapshot();
  assert.equal(await authWrite(h, 'setMethodAuthType', [CONTRACT, func, 2], ALICE), -50000n);
  assert.equal(
    await authWrite(h, 'openMethodAuth', [CONTRACT, func, ALICE], DEPLOYER),
    -51003n,
    'no type yet',
  );
  assert.equal(h.store.snapshot(), before);
});

test('a method black list blocks one account with status 18; a white list admits only the listed', async () => {
  const h = new GovernanceHarness();
  const func = deployed(h);
  assert.equal(await authWrite(h, 'setMethodAuthType', [CONTRACT, func, 2], DEPLOYER), 0n);
  assert.equal(await authWrite(h, 'closeMethodAuth', [CONTRACT, func, ALICE], DEPLOYER), 0n);
  assert.deepEqual(callAs(h, ALICE, func), { ok: false, status: 18, message: 'Call permission denied.' });
  assert.deepEqual(callAs(h, BOB, func), { ok: true });
  assert.deepEqual(
    await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'checkMethodAuth', [CONTRACT, func, ALICE]),
    [false],
  );
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'getMethodAuth', [CONTRACT, func]), [
    2n,
    [],
    [ALICE.slice(2)],
  ]);

  assert.equal(await authWrite(h, 'setMethodAuthType', [CONTRACT, func, 1], DEPLOYER), 0n);
  assert.deepEqual(callAs(h, BOB, func).status, 18, 'an empty white list admits nobody');
  assert.equal(await authWrite(h, 'openMethodAuth', [CONTRACT, func, BOB], DEPLOYER), 0n);
  assert.deepEqual(callAs(h, BOB, func), { ok: true });
  assert.equal(callAs(h, ALICE, func).status, 18);
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'getMethodAuth', [CONTRACT, func]), [
    1n,
    [BOB.slice(2)],
    [],
  ]);
  assert.deepEqual(callAs(h, ALICE, selectorOf('get()', h.suite)), { ok: true }, 'other methods are open');
});

test('freeze gives status 21, abolish 24; an abolished contract cannot be revived', async () => {
  const h = new GovernanceHarness();
  const func = deployed(h);
  assert.equal(await authWrite(h, 'setContractStatus(address,bool)', [CONTRACT, true], ALICE), -50000n);
  assert.equal(await authWrite(h, 'setContractStatus(address,bool)', [CONTRACT, true], DEPLOYER), 0n);
  assert.deepEqual(callAs(h, DEPLOYER, func), { ok: false, status: 21 });
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'contractAvailable', [CONTRACT]), [false]);
  assert.equal(await authWrite(h, 'setContractStatus(address,bool)', [CONTRACT, false], DEPLOYER), 0n);
  assert.deepEqual(callAs(h, DEPLOYER, func), { ok: true });
  assert.equal(await authWrite(h, 'setContractStatus(address,uint8)', [CONTRACT, 2], DEPLOYER), 0n);
  assert.deepEqual(callAs(h, DEPLOYER, func), { ok: false, status: 24, message: 'Contract is abolished.' });
  const revive = await h.send(
    AUTH_MANAGER_ADDRESS,
    h.abi.auth,
    'setContractStatus(address,uint8)',
    [CONTRACT, 0],
    DEPLOYER,
  );
  assert.equal(revive.status, 15);
  assert.equal(
    revertText(revive),
    'External call revert: Contract already abolish, should not set any status.',
  );
  const bad = await h.send(
    AUTH_MANAGER_ADDRESS,
    h.abi.auth,
    'setContractStatus(address,uint8)',
    [CONTRACT, 7],
    DEPLOYER,
  );
  assert.equal(revertText(bad), 'External call revert: Unrecognized status type.');
});

test('committee-only functions refuse an EOA with -50000', async () => {
  const h = new GovernanceHarness();
  deployed(h);
  assert.equal(await authWrite(h, 'resetAdmin', [CONTRACT, ALICE], GOVERNOR), -50000n);
  assert.equal(await authWrite(h, 'setDeployAuthType', [1], GOVERNOR), -50000n);
  assert.equal(await authWrite(h, 'openDeployAuth', [ALICE], GOVERNOR), -50000n);
});

test('a deploy white list set by proposal blocks deployment until the account is opened', async () => {
  const h = new GovernanceHarness();
  await h.propose('createSetDeployAuthTypeProposal', [1, WEEK], GOVERNOR);
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'deployType', []), [1n]);
  const deploy = (origin: string) =>
    h.governance.auth.checkDeploy(h.store, {
      origin,
      caller: origin,
      to: '',
      selector: new Uint8Array(),
      blockNumber: 2,
    });
  assert.deepEqual(deploy(ALICE), { ok: false, status: 18, message: 'Create permission denied.' });
  await h.propose('createModifyDeployAuthProposal', [ALICE, true, WEEK], GOVERNOR);
  assert.deepEqual(deploy(ALICE), { ok: true });
  assert.equal(deploy(BOB).ok, false);
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'hasDeployAuth', [BOB]), [false]);
});

test('resetAdmin by proposal changes the admin; an unknown contract reverts the proposal', async () => {
  const h = new GovernanceHarness();
  deployed(h);
  await assert.rejects(
    h.propose('createResetAdminProposal', [DEPLOYER, CONTRACT, WEEK], GOVERNOR),
    /has been the admin/,
  );
  await h.propose('createResetAdminProposal', [ALICE, CONTRACT, WEEK], GOVERNOR);
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'getAdmin', [CONTRACT]), [ALICE]);
  const before = h.store.snapshot();
  await assert.rejects(
    h.propose('createResetAdminProposal', [ALICE, BOB, WEEK], GOVERNOR),
    /Contract address not found/,
  );
  assert.equal(h.store.snapshot(), before);
});

test('SM chains: the same flows with SM3 selectors', async () => {
  const h = new GovernanceHarness(smSuite);
  const func = deployed(h);
  assert.equal(Buffer.from(h.abi.auth.selector('getAdmin')).toString('hex'), '002e8d78');
  assert.equal(await authWrite(h, 'setMethodAuthType', [CONTRACT, func, 2], DEPLOYER), 0n);
  assert.equal(await authWrite(h, 'closeMethodAuth', [CONTRACT, func, ALICE], DEPLOYER), 0n);
  assert.equal(callAs(h, ALICE, func).status, 18);
  const id = await h.propose('createSetDeployAuthTypeProposal', [2, WEEK], GOVERNOR);
  assert.equal((await h.proposal(id)).status, 2);
  assert.deepEqual(await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'deployType', []), [2n]);
});
