// Runs compiled Solidity test contracts on a chain: deploy the suite, call setUp() when present,
// then send each test function as a transaction. Status 0 passes; anything else fails with the
// decoded revert (Error(string), Panic(uint256), custom errors of the ABIs given) and the gas used.
// Each test gets a fresh deployment (and setUp) by default so tests never see each other's state,
// as Foundry users expect. No vscode: the Test Explorer glue (testController.ts) maps the events.

import { decodeRevert } from '../../client/abi';
import { cryptoSuite } from '../../protocol/crypto/suite';
import type { ChainApi, ReceiptJson, Signer } from '../chain/chainApi';
import { selectorHashOf } from '../chain/contractCodec';
import type { AbiItem, CompiledContract } from '../compile/solcIO';
import { ContractCodec } from '../models/abiCodec';
import { statusName } from '../models/txStatus';
import { id } from 'ethers';
import { isTestFunctionName, isTestSuiteName } from './discovery';
import { errorMessage } from '../../protocol/unknownValues';

export interface TestCaseResult {
  suite: string;
  test: string;
  passed: boolean;
  /** Why it failed: the decoded revert, the receipt status, or the setUp/deploy failure. */
  message?: string;
  /** Gas of the test transaction (decimal text), when it was sent. */
  gasUsed?: string;
  transactionHash?: string;
  /** Receipt status of the test transaction. */
  status?: number;
  durationMs: number;
}

export type TestRunEvent =
  | { type: 'started'; suite: string; test: string }
  | { type: 'finished'; result: TestCaseResult }
  | { type: 'output'; text: string };

export interface RunSuiteOptions {
  api: ChainApi;
  signer: Signer;
  contract: CompiledContract;
  /** Test names to run (default: every test case of the ABI). */
  tests?: readonly string[];
  /** Deploy and setUp() again before every test (default true); false shares one deployment. */
  freshStatePerTest?: boolean;
  /** More ABIs whose custom errors may bubble up (the other contracts of the compile). */
  errorAbis?: readonly AbiItem[][];
  onEvent?: (e: TestRunEvent) => void;
  /** Checked between transactions; true stops the run (remaining tests are not reported). */
  isCancelled?: () => boolean;
}

/** Test case names of a compiled contract: public/external `test…` functions without inputs. */
export function testCasesOf(contract: Pick<CompiledContract, 'abi'>): string[] {
  return contract.abi
    .filter((a) => a.type === 'function' && a.name && isTestFunctionName(a.name) && !(a.inputs ?? []).length)
    .map((a) => a.name!);
}

/** Deployable contracts named `…Test` with at least one test case. */
export function testSuitesOf(contracts: readonly CompiledContract[]): CompiledContract[] {
  return contracts.filter(
    (c) => isTestSuiteName(c.name) && c.bytecode.length > 2 && testCasesOf(c).length > 0,
  );
}

function hasSetUp(contract: CompiledContract): boolean {
  return contract.abi.some((a) => a.type === 'function' && a.name === 'setUp' && !(a.inputs ?? []).length);
}

/** One line for a failed receipt or call: the decoded revert, or the status name when there is none. */
export function describeFailure(
  r: { status: number; output?: string; message?: string },
  abis: readonly AbiItem[][],
  sm: boolean,
  keccakSelectors: boolean,
): string {
  const suite = cryptoSuite(sm && !keccakSelectors);
  const output = r.output && r.output !== '0x' ? r.output : '';
  let decoded = output ? decodeRevert(output, suite, abis[0]).message : '';
  if (output && decoded.startsWith('reverted with data')) {
    // A custom error declared by another contract of the compile.
    for (const abi of abis.slice(1)) {
      const d = decodeRevert(output, suite, abi).message;
      if (!d.startsWith('reverted with data')) {
        decoded = d;
        break;
      }
    }
  }
  if (r.status === 16) return decoded || (r.message ? `reverted: ${r.message}` : 'reverted without a reason');
  const status = `${statusName(r.status)} (status ${r.status})`;
  return decoded && !decoded.startsWith('reverted with data')
    ? `${status}: ${decoded}`
    : r.message
      ? `${status}: ${r.message}`
      : status;
}

/** Runs the tests of one suite; resolves with one result per test that ran. */
export async function runTestSuite(options: RunSuiteOptions): Promise<TestCaseResult[]> {
  const { api, signer, contract } = options;
  const emit = options.onEvent ?? (() => undefined);
  const names = (options.tests ?? testCasesOf(contract)).filter((t) => testCasesOf(contract).includes(t));
  const abi = JSON.stringify(contract.abi);
  const signatures = contract.abi
    .filter((a) => a.type === 'function' && a.name)
    .map((a) => `${a.name}(${(a.inputs ?? []).map((i) => i.type).join(',')})`);
  // Standard solc dispatches on keccak selectors even on SM chains; an SM solc build on SM3.
  const keccak =
    !api.sm || selectorHashOf(contract.bytecode, signatures, (t) => api.hashText(t)) === 'keccak';
  const codec = new ContractCodec(abi, keccak ? id : (t) => api.hashText(t));
  const abis = [contract.abi, ...(options.errorAbis ?? [])];
  const failure = (r: { status: number; output?: string; message?: string }) =>
    describeFailure(r, abis, api.sm, keccak);
  const results: TestCaseResult[] = [];
  const ctor = contract.abi.find((a) => a.type === 'constructor');
  const fresh = options.freshStatePerTest ?? true;
  const setUp = hasSetUp(contract);

  /** Deploys and runs setUp(); resolves with the address or a failure text. */
  const prepare = async (): Promise<{ address: string } | { error: string }> => {
    if ((ctor?.inputs ?? []).length)
      return {
        error: `${contract.name} has constructor parameters; test contracts are deployed without arguments.`,
      };
    let receipt: ReceiptJson;
    try {
      receipt = await api.deploy(signer, contract.bytecode, abi);
    } catch (err) {
      return { error: `Deploying ${contract.name} failed: ${errorMessage(err)}` };
    }
    if (receipt.status !== 0 || !receipt.contractAddress)
      return { error: `Deploying ${contract.name} failed: ${failure(receipt)}` };
    const address = receipt.contractAddress;
    emit({
      type: 'output',
      text: `Deployed ${contract.name} at ${address} (block ${receipt.blockNumber}, gas ${receipt.gasUsed})`,
    });
    if (setUp) {
      const r = await api.send(signer, address, codec.encodeCall('setUp()', []), abi);
      if (r.status !== 0) return { error: `setUp() failed: ${failure(r)}` };
      emit({ type: 'output', text: `  setUp() · gas ${r.gasUsed}` });
    }
    return { address };
  };

  let shared: { address: string } | { error: string } | undefined;
  for (const test of names) {
    if (options.isCancelled?.()) break;
    emit({ type: 'started', suite: contract.name, test });
    const started = Date.now();
    let result: TestCaseResult;
    try {
      const target = fresh ? await prepare() : (shared ??= await prepare());
      if ('error' in target) {
        result = {
          suite: contract.name,
          test,
          passed: false,
          message: target.error,
          durationMs: Date.now() - started,
        };
      } else {
        const r = await api.send(signer, target.address, codec.encodeCall(`${test}()`, []), abi);
        const passed = r.status === 0;
        result = {
          suite: contract.name,
          test,
          passed,
          gasUsed: String(r.gasUsed),
          transactionHash: r.transactionHash,
          status: r.status,
          durationMs: Date.now() - started,
          ...(passed ? {} : { message: failure(r) }),
        };
      }
    } catch (err) {
      result = {
        suite: contract.name,
        test,
        passed: false,
        message: `Could not run ${test}: ${errorMessage(err)}`,
        durationMs: Date.now() - started,
      };
    }
    // The result line is the consumer's to print (once), from the finished event.
    emit({ type: 'finished', result });
    results.push(result);
  }
  return results;
}

/** "✓ CounterTest.testIncrement · gas 31234 · 0x12ab…" / "✗ … — reverted: count mismatch". */
export function formatResultLine(r: TestCaseResult): string {
  const parts = [`${r.passed ? '✓' : '✗'} ${r.suite}.${r.test}`];
  if (r.gasUsed !== undefined) parts.push(`gas ${r.gasUsed}`);
  if (r.transactionHash) parts.push(`tx ${r.transactionHash}`);
  return parts.join(' · ') + (r.passed ? '' : ` — ${r.message ?? 'failed'}`);
}

/** "3 passed, 1 failed" summary of a run. */
export function summarise(results: readonly TestCaseResult[]): string {
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  const gas = results.reduce((s, r) => s + (r.gasUsed ? BigInt(r.gasUsed) : 0n), 0n);
  return `${passed} passed, ${failed} failed · total gas ${gas}`;
}

/** 127.0.0.0/8, ::1 and localhost: chains where running tests (transactions) needs no confirmation. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(/^[a-z]+:\/\//i.test(url) ? url : `http://${url}`).hostname
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
