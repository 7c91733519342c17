// Writes media/call-file.schema.json from the call-file parser's rules (callFileSchema.ts), in the
// repository's Prettier style. Run after changing the call-file format:
//   node --import tsx scripts/write-call-file-schema.ts
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { callFileSchema } from '../src/extension/callFiles/callFileSchema';

async function main(): Promise<void> {
  const out = path.join(__dirname, '..', 'media', 'call-file.schema.json');
  const options = (await prettier.resolveConfig(out)) ?? {};
  const text = await prettier.format(JSON.stringify(callFileSchema()), { ...options, filepath: out });
  fs.writeFileSync(out, text);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}

void main();
