// Transaction signing throughput: build + hash + sign + TARS-encode (+ hex) a `set(string)` call,
// single thread, against ethers v6 `Wallet.signTransaction` of an equivalent legacy transaction
// in the same run (call data ABI-encoded once for both). Native libsecp256k1 and pure JS
// (RFC6979 on @noble/curves arithmetic) paths are measured separately. Also SM2
// sign/verify, and sm-crypto-v2 for comparison (why crypto/sm.ts is built on @noble/curves).
//
// Goal ratios (ours / ethers): pure ≥ 1.0, native ≥ 5.

import { Wallet, Interface } from 'ethers';
import { sm2 as smCrypto } from 'sm-crypto-v2';
import { createEcdsaSuite, nativeSecp256k1Available } from '../src/protocol/crypto/ecdsa';
import { smSuite, type CryptoSuite } from '../src/protocol/crypto/suite';
import { encodeTransaction, hashTransactionData, type TransactionData } from '../src/protocol/transaction';
import { generateNonce } from '../src/protocol/nonce';
import { fromHex, toHex } from '../src/protocol/hex';
import { helpIfAsked } from './lib/args';

helpIfAsked(
  `node --import tsx bench/signing.bench.ts   (or: npm run bench -- signing)
  --help, -h            print this and exit
Environment:
  BENCH_ROUNDS          alternating rounds per contender (default 8)
  BENCH_ROUND_MS        milliseconds per round (default 150)`,
);

const PRIVATE_KEY = '145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58';
const TO = '0xa6cdc4fed96bbf8c9c013cc19200b3c8ba95c93e';
const iface = new Interface(['function set(string v)']);
const INPUT = fromHex(iface.encodeFunctionData('set', ['hello, world']));
const INPUT_HEX = toHex(INPUT);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 150);

type Fn = () => unknown;

/**
 * Runs the contenders in interleaved rounds (A, B, A, B, …) so that load from other processes
 * on a shared machine affects both alike; returns ops/s of each over all its rounds.
 */
async function race(contenders: [string, Fn][]): Promise<number[]> {
  const ops = contenders.map(() => 0);
  const ms = contenders.map(() => 0);
  for (const [, fn] of contenders) for (let i = 0; i < 200; i++) await fn(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (let c = 0; c < contenders.length; c++) {
      const fn = contenders[c][1];
      const start = performance.now();
      let elapsed = 0;
      while (elapsed < ROUND_MS) {
        for (let i = 0; i < 25; i++) await fn();
        ops[c] += 25;
        elapsed = performance.now() - start;
      }
      ms[c] += elapsed;
    }
  }
  const rates = ops.map((n, c) => (n * 1000) / ms[c]);
  contenders.forEach(([name], c) =>
    console.log(`${name.padEnd(48)} ${rates[c].toFixed(0).padStart(9)} ops/s`),
  );
  return rates;
}

function signSetCall(suite: CryptoSuite, key: Uint8Array, blockNumber: number): string {
  const data: TransactionData = {
    version: 0,
    chainID: 'chain0',
    groupID: 'group0',
    blockLimit: BigInt(blockNumber + 500),
    nonce: generateNonce(),
    to: TO,
    input: INPUT,
    abi: '',
  };
  const dataHash = hashTransactionData(data, suite);
  const signature = suite.sign(dataHash, key);
  return toHex(encodeTransaction({ data, dataHash, signature, attribute: 1 }));
}

async function main(): Promise<void> {
  const key = fromHex(PRIVATE_KEY);
  const wallet = new Wallet(PRIVATE_KEY);
  let nonce = 0;
  let block = 0;
  const ethers: [string, Fn] = [
    'ethers v6 Wallet.signTransaction (legacy)',
    () =>
      wallet.signTransaction({
        type: 0,
        to: TO,
        data: INPUT_HEX,
        nonce: nonce++,
        gasLimit: 3000000n,
        gasPrice: 1n,
        chainId: 20200n,
      }),
  ];
  const pure = createEcdsaSuite({ native: false });
  const contenders: [string, Fn][] = [
    ethers,
    ['FISCO tx, secp256k1, pure JS', () => signSetCall(pure, key, block++)],
  ];
  const native = nativeSecp256k1Available ? createEcdsaSuite({ native: true }) : undefined;
  if (native)
    contenders.push(['FISCO tx, secp256k1, native libsecp256k1', () => signSetCall(native, key, block++)]);
  else console.log('native secp256k1 addon not available: native path not measured');

  console.log('--- build + hash + sign + TARS-encode + hex, set(string) call');
  const [ethersRate, pureRate, nativeRate] = await race(contenders);
  console.log(`  ratio pure / ethers:   ${(pureRate / ethersRate).toFixed(2)} (goal >= 1.0)`);
  if (nativeRate) console.log(`  ratio native / ethers: ${(nativeRate / ethersRate).toFixed(2)} (goal >= 5)`);

  console.log('--- secp256k1 recover (dev node sender recovery)');
  const hash = pure.hash(Uint8Array.of(1));
  const sig = pure.sign(hash, key);
  await race([
    ...(native ? [['recover, native', () => native.recover(hash, sig)] as [string, Fn]] : []),
    ['recover, pure @noble', () => pure.recover(hash, sig)],
  ]);

  console.log('--- SM2 / SM3');
  const smKey = smSuite.randomPrivateKey();
  await race([['FISCO tx, SM2/SM3', () => signSetCall(smSuite, smKey, block++)]]);
  const smHash = smSuite.hash(Uint8Array.of(2));
  const smSig = smSuite.sign(smHash, smKey);
  const keyHex = toHex(smKey, false);
  const pubHex = '04' + toHex(smSuite.publicKey(smKey), false);
  const rsHex = toHex(smSig.subarray(0, 64), false);
  const [smSign, refSign] = await race([
    ['SM2 sign, crypto/sm.ts', () => smSuite.sign(smHash, smKey)],
    ['SM2 sign, sm-crypto-v2', () => smCrypto.doSignature(smHash, keyHex, { hash: true, publicKey: pubHex })],
  ]);
  const [smVerify, refVerify] = await race([
    ['SM2 verify, crypto/sm.ts (repeat signer)', () => smSuite.recover(smHash, smSig)],
    ['SM2 verify, sm-crypto-v2', () => smCrypto.doVerifySignature(smHash, rsHex, pubHex, { hash: true })],
  ]);
  console.log(
    `  SM2 ours / sm-crypto-v2: sign ${(smSign / refSign).toFixed(2)}, verify ${(smVerify / refVerify).toFixed(2)}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
