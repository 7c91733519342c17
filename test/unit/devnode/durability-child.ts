// Child process for the kill -9 test: runs a chain on a data directory under continuous load
// and prints the hash of every transaction whose receipt it was given, one per line.

import { newChain, signedTx } from './chain-fixtures';

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  const chain = await newChain({ dataDir });
  process.stdout.write('ready\n');
  const worker = async (w: number) => {
    for (let i = 0; ; i++) {
      const tx = signedTx(chain, chain.accounts[w % chain.accounts.length].privateKey, {
        nonce: `w${w}-${i}-${process.pid}`,
      });
      const r = await chain.submit(tx.raw);
      process.stdout.write(`${Buffer.from(r.tx.hash).toString('hex')} ${r.block.header.blockNumber}\n`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
}

void main();
