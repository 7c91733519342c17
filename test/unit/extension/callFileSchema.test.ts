// The JSON schema VS Code uses for *.call.json (contributes.jsonValidation) is built from the
// call-file parser's rules and agrees with it: a real JSON-schema validator (ajv) accepts exactly
// the files parseCallFile accepts, for the checks that do not need the ABI.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { validateCallFile } from '../../../src/extension/callFiles/callFile';
import { callFileSchema } from '../../../src/extension/callFiles/callFileSchema';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { jsonValidation?: { fileMatch: string | string[]; url: string }[] };
};

const A = '0x' + '1a'.repeat(20);
const CASES: unknown[] = [
  { address: A, method: 'get', args: [], send: false },
  { address: ` ${A} `, method: ' increment(uint256) ', args: ['1'], send: true },
  { bfsPath: '/apps/Counter/1.0', method: 'get' },
  { bfsPath: '/apps/Counter/1.0', method: 'get', connection: 'Dev', from: 'dev-0', description: 'x' },
  { $schema: './x.json', address: A, method: 'get', abi: [{ type: 'function', name: 'get' }] },
  { address: A, method: 'get', abi: JSON.stringify([{ type: 'function', name: 'get', inputs: [] }]) },
  // refused by both
  { method: 'get' },
  { address: A, bfsPath: '/apps/C/1', method: 'get' },
  { address: '0x12', method: 'get' },
  { bfsPath: 'apps/C', method: 'get' },
  { bfsPath: '/apps//C', method: 'get' },
  { address: A },
  { address: A, method: '' },
  { address: A, method: '1abc' },
  { address: A, method: 'get', args: 'x' },
  { address: A, method: 'get', send: 'yes' },
  { address: A, method: 'get', connection: '  ' },
  { address: A, method: 'get', from: 3 },
  { address: A, method: 'get', description: 1 },
  { address: A, method: 'get', extra: true },
  { address: A, method: 'get', abi: 5 },
  [],
  'text',
];

describe('call file JSON schema', () => {
  it('media/call-file.schema.json is what callFileSchema() builds (regenerate with scripts/write-call-file-schema.ts)', () => {
    const file = JSON.parse(readFileSync(join(root, 'media', 'call-file.schema.json'), 'utf8')) as unknown;
    assert.deepEqual(file, callFileSchema());
  });

  it('the manifest points *.call.json at it', () => {
    const entry = manifest.contributes.jsonValidation?.find((j) =>
      [j.fileMatch].flat().includes('*.call.json'),
    );
    assert.equal(entry?.url, './media/call-file.schema.json');
  });

  it('accepts exactly what the parser accepts (without the ABI checks)', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(callFileSchema());
    for (const c of CASES) {
      const parser = validateCallFile(c);
      // "abi" text that is not JSON, or an array that is not an ABI, only the parser can tell.
      assert.equal(validate(c), parser.ok, `${JSON.stringify(c)}: parser says ${JSON.stringify(parser)}`);
    }
  });
});
