// Writes media/solidity/console.sol from the signature list in src/protocol/consoleLog.ts:
// Hardhat's console.log call shapes (same address and selectors), so existing contracts that
// log work unchanged against the devnode and stay harmless on a real chain.
// Run: node --import tsx scripts/gen-console-sol.ts

import fs from 'node:fs';
import path from 'node:path';
import { consoleSignatures, consoleSolSource } from '../src/protocol/consoleLog';
import { repoRoot } from './lib/paths';

const text = consoleSolSource();
const out = path.join(repoRoot, 'media', 'solidity', 'console.sol');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, text);
console.log(`wrote ${path.relative(process.cwd(), out)} (${consoleSignatures().length} functions)`);
