import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Result } from 'ethers';
import { BFS_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { BFS_ABI, BFS_SIG } from '../../../src/protocol/builtin/bfs';
import {
  CODE_FILE_ALREADY_EXIST,
  CODE_FILE_BUILD_DIR_FAILED,
  CODE_FILE_INVALID_PATH,
  CODE_FILE_NOT_EXIST,
  CODE_ADDRESS_OR_VERSION_ERROR,
} from '../../../src/protocol/builtin/retcode';
import { checkPathValid } from '../../../src/devnode/builtin/bfs-path';
import { mkdir } from '../../../src/devnode/builtin/bfs';
import { decodeBfsList } from '../../../src/protocol/builtin/bfs';
import { recordDeployedContract } from '../../../src/devnode/builtin/bfs-tree';
import { harness, type Harness } from './harness';

const ADDR = '0x' + 'ab'.repeat(20);
const bfs = (h: Harness, sig: string, args: unknown[]) => h.call(BFS_ADDRESS, BFS_ABI, sig, args);
const code = async (h: Harness, sig: string, args: unknown[]) => Number((await bfs(h, sig, args)).out![0]);
const names = (entries: Result) => [...entries].map((e: Result) => e[0] as string);

test('genesis tree: root dirs and the 15 /sys links', async () => {
  const h = await harness();
  const root = await bfs(h, BFS_SIG.list, ['/']);
  assert.equal(Number(root.out![0]), 0);
  assert.deepEqual(names(root.out![1]).sort(), ['apps', 'sys', 'tables', 'usr']);
  const sys = await bfs(h, BFS_SIG.list, ['/sys']);
  assert.equal(sys.out![1].length, 15);
  const bfsEntry = [...sys.out![1]].find((e: Result) => e[0] === 'bfs')!;
  assert.equal(bfsEntry[1], 'link');
  assert.deepEqual([...bfsEntry[2]], ['0', '0', '', '', '']);
  const single = await bfs(h, BFS_SIG.list, ['/sys/bfs']);
  assert.deepEqual([...single.out![1][0][2]], ['000000000000000000000000000000000000100e', '']);
  assert.equal(
    (await bfs(h, BFS_SIG.readlink, ['/sys/consensus'])).out![0],
    '0x0000000000000000000000000000000000001003',
  );
});

test('mkdir: creates parents, refuses duplicates, outside /apps and /tables, and bad paths', async () => {
  const h = await harness();
  assert.equal(await code(h, BFS_SIG.mkdir, ['/apps/a/b/c']), 0);
  assert.equal(await code(h, BFS_SIG.mkdir, ['/apps/a/b/c']), CODE_FILE_ALREADY_EXIST);
  assert.equal(await code(h, BFS_SIG.mkdir, ['/apps']), CODE_FILE_ALREADY_EXIST);
  assert.deepEqual(names((await bfs(h, BFS_SIG.list, ['/apps/a'])).out![1]), ['b']);
  assert.equal(await code(h, BFS_SIG.mkdir, ['/sys/x']), CODE_FILE_INVALID_PATH);
  assert.equal(await code(h, BFS_SIG.mkdir, ['/usr2/x']), CODE_FILE_INVALID_PATH);
  assert.equal(await code(h, BFS_SIG.mkdir, ['/apps/bad name']), CODE_FILE_INVALID_PATH);
  assert.equal(await code(h, BFS_SIG.mkdir, ['/tables/t1']), 0);
  // A link in the middle of the path cannot become a directory.
  assert.equal(await code(h, BFS_SIG.link, ['L/v1', ADDR, '']), 0);
  assert.equal(await code(h, BFS_SIG.mkdir, ['/apps/L/v1/x']), CODE_FILE_BUILD_DIR_FAILED);
});

test('path validation follows the node (length 128, 6 levels, segment charset)', () => {
  assert.ok(checkPathValid('/'));
  assert.ok(checkPathValid('/apps/a-b#c@d.e/'));
  assert.ok(checkPathValid('/apps//x'));
  assert.ok(!checkPathValid(''));
  assert.ok(!checkPathValid('//apps'));
  assert.ok(!checkPathValid('/apps/-x'));
  assert.ok(!checkPathValid('/a/b/c/d/e/f/g'));
  assert.ok(checkPathValid('/a/b/c/d/e/f'));
  assert.ok(!checkPathValid('/apps/' + 'x'.repeat(123)));
});

test('list with offset and limit pages a directory of 1,200 entries', async () => {
  const h = await harness();
  for (let i = 0; i < 1200; i++) assert.equal(mkdir(h.store, `/apps/big/d${String(i).padStart(4, '0')}`), 0);
  // Pages are decoded by hand: ethers' decoder is quadratic on 500-entry arrays.
  const list = async (args: unknown[]) =>
    decodeBfsList((await bfs(h, args.length === 1 ? BFS_SIG.list : BFS_SIG.listPaged, args)).raw);
  assert.equal((await list(['/apps/big'])).entries.length, 500);
  const seen: string[] = [];
  const lefts: bigint[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await list(['/apps/big', offset, 500]);
    seen.push(...page.entries.map((e) => e.fileName));
    lefts.push(page.code);
    if (page.code <= 0n) break;
  }
  assert.deepEqual(lefts, [700n, 200n, 0n]);
  assert.equal(seen.length, 1200);
  assert.equal(new Set(seen).size, 1200);
  const exact = await list(['/apps/big', 700, 500]);
  assert.deepEqual([exact.code, exact.entries.length], [0n, 500]);
  const beyond = await list(['/apps/big', 5000, 10]);
  assert.deepEqual([beyond.code, beyond.entries.length], [0n, 0]);
});

test('list errors: invalid path and missing path', async () => {
  const h = await harness();
  assert.equal(await code(h, BFS_SIG.list, ['/apps/no such']), CODE_FILE_INVALID_PATH);
  assert.equal(await code(h, BFS_SIG.list, ['/apps/missing']), CODE_FILE_NOT_EXIST);
});

test('3-arg link is relative to /apps; overwrite; readlink; list shows the target', async () => {
  const h = await harness();
  assert.equal(await code(h, BFS_SIG.link, ['/Hello/v1', ADDR, '[]']), 0);
  assert.equal((await bfs(h, BFS_SIG.readlink, ['/apps/Hello/v1'])).out![0].toLowerCase(), ADDR);
  assert.equal(await code(h, BFS_SIG.link, ['/apps/Hello/v2', ADDR, '']), 0);
  assert.equal(await code(h, BFS_SIG.list, ['/apps/apps/Hello/v2']), 0, 'the quirk: /apps/apps/...');
  const other = '0x' + 'cd'.repeat(20);
  assert.equal(await code(h, BFS_SIG.link, ['Hello/v1', other, '']), 0);
  const listed = await bfs(h, BFS_SIG.list, ['/apps/Hello/v1']);
  assert.deepEqual([...listed.out![1][0]].slice(0, 2), ['v1', 'link']);
  assert.deepEqual([...listed.out![1][0][2]], ['cd'.repeat(20), '']);
  assert.equal(await code(h, BFS_SIG.link, ['Hello', other, '']), CODE_FILE_ALREADY_EXIST);
  assert.equal(
    (await bfs(h, BFS_SIG.readlink, ['/apps/Hello'])).out![0],
    '0x0000000000000000000000000000000000000000',
  );
  assert.equal(
    (await bfs(h, BFS_SIG.readlink, ['bad path'])).out![0],
    '0x0000000000000000000000000000000000000000',
  );
});

test('CNS-style link needs a contract and a name without "/"', async () => {
  const h = await harness();
  assert.equal(
    await code(h, BFS_SIG.linkNameVersion, ['Hello', 'v1', ADDR, '']),
    CODE_ADDRESS_OR_VERSION_ERROR,
  );
  recordDeployedContract(h.store, ADDR);
  assert.equal(await code(h, BFS_SIG.linkNameVersion, [' Hello ', 'v1', ADDR, 'abi']), 0);
  assert.equal(
    await code(h, BFS_SIG.linkNameVersion, ['He/llo', 'v1', ADDR, '']),
    CODE_ADDRESS_OR_VERSION_ERROR,
  );
  assert.equal(h.store.get('/apps/Hello/v1', 'name'), 'v1');
  assert.deepEqual(names((await bfs(h, BFS_SIG.list, ['/apps/Hello'])).out![1]), ['v1']);
  // Deployed contracts are not listed under /apps but occupy their path.
  assert.ok(!names((await bfs(h, BFS_SIG.list, ['/apps'])).out![1]).includes('ab'.repeat(20)));
  assert.equal(await code(h, BFS_SIG.mkdir, ['/apps/' + 'ab'.repeat(20)]), CODE_FILE_ALREADY_EXIST);
});

test('writes are refused in a static call and unknown selectors are PrecompiledErrors', async () => {
  const h = await harness();
  h.ctx.isStatic = true;
  const r = await bfs(h, BFS_SIG.mkdir, ['/apps/x']);
  assert.equal(r.status, 15);
  h.ctx.isStatic = false;
  const bad = await h.builtins.precompiles.get(BFS_ADDRESS)!.execute(h.ctx, new Uint8Array([1, 2, 3, 4]));
  assert.equal(bad.status, 15);
  const short = await h.builtins.precompiles.get(BFS_ADDRESS)!.execute(h.ctx, new Uint8Array([1]));
  assert.equal(short.status, 15);
});

test('SM chains dispatch on SM3 selectors', async () => {
  const h = await harness({ sm: true });
  assert.equal(await code(h, BFS_SIG.mkdir, ['/apps/sm']), 0);
  assert.deepEqual(names((await bfs(h, BFS_SIG.list, ['/apps'])).out![1]), ['sm']);
});
