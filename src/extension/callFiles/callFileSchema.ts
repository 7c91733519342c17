// The JSON schema of `*.call.json` files (contributes.jsonValidation), built from the parser's own
// rules in callFile.ts so the editor completes and checks exactly what parseCallFile accepts (minus
// what needs the ABI: that the method exists and the arguments encode). media/call-file.schema.json
// is this function's output; test/unit/extension/callFileSchema.test.ts keeps the two equal.
// No vscode.

import { ADDRESS, BFS_PATH, KNOWN, METHOD } from './callFile';

/** The parser trims text fields before checking them: the patterns allow the same whitespace. */
const trimmed = (re: RegExp) => `^\\s*(?:${re.source.replace(/^\^/, '').replace(/\$$/, '')})\\s*$`;

const NON_EMPTY = '\\S';

export function callFileSchema(): Record<string, unknown> {
  const properties: Record<string, Record<string, unknown>> = {
    $schema: { type: 'string', description: 'The schema of this file.' },
    description: { type: 'string', description: 'What this call is for (shown nowhere else; for you).' },
    connection: {
      type: 'string',
      pattern: NON_EMPTY,
      description: 'A configured connection name. Default: the active connection.',
    },
    address: {
      type: 'string',
      pattern: trimmed(ADDRESS),
      description: 'The contract address: 0x followed by 40 hex digits. Give this or "bfsPath".',
    },
    bfsPath: {
      type: 'string',
      pattern: trimmed(BFS_PATH),
      description: 'An absolute BFS path of the contract, e.g. /apps/Counter/1.0. Give this or "address".',
    },
    abi: {
      description:
        'The JSON ABI (as solc or getABI give it), or its JSON text. Default: getABI on the chain, then the workspace deployments.',
      oneOf: [{ type: 'array', items: { type: 'object' } }, { type: 'string' }],
    },
    method: {
      type: 'string',
      pattern: trimmed(METHOD),
      description: 'A function name ("increment") or signature ("increment(uint256)").',
    },
    args: {
      type: 'array',
      default: [],
      description: 'Argument values, as the call form takes them, e.g. ["1", "0xabc…", ["a", "b"]].',
    },
    send: {
      type: 'boolean',
      default: false,
      description: 'true: send a transaction (asks for confirmation); false: a read-only call.',
    },
    from: {
      type: 'string',
      pattern: NON_EMPTY,
      description: 'Account label or address to use. Default: the active account.',
    },
  };
  // Every field the parser knows, and no other.
  for (const key of KNOWN) if (!properties[key]) throw new Error(`callFileSchema: no schema for "${key}"`);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://fisco-bcos-tools.invalid/call-file.schema.json',
    title: 'FISCO BCOS call file (*.call.json)',
    description:
      'A re-runnable contract call: run it with the "Run Call" / "Send Transaction" CodeLens above the file.',
    type: 'object',
    additionalProperties: false,
    required: ['method'],
    oneOf: [
      { required: ['address'], not: { required: ['bfsPath'] } },
      { required: ['bfsPath'], not: { required: ['address'] } },
    ],
    properties: Object.fromEntries(KNOWN.map((k) => [k, properties[k]])),
    defaultSnippets: [
      {
        label: 'Call by address',
        body: { address: '0x$1', method: '$2', args: [], send: false },
      },
      {
        label: 'Transaction through a BFS path',
        body: { bfsPath: '/apps/$1/$2', method: '$3', args: [], send: true },
      },
    ],
  };
}
