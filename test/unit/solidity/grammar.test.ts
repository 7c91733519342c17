// The contributed TextMate grammar, tokenized by the engine VS Code itself uses (vscode-textmate
// over the Oniguruma WASM build), so every regex is checked as VS Code compiles it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';

const root = path.join(__dirname, '..', '..', '..');

let loaded: Promise<textmate.IGrammar> | undefined;
const loadGrammar = () => (loaded ??= load());

async function load(): Promise<textmate.IGrammar> {
  const wasm = fs.readFileSync(path.join(root, 'node_modules/vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: (scope) => {
      if (scope !== 'source.solidity') return Promise.resolve(null);
      const file = path.join(root, 'syntaxes/solidity.tmLanguage.json');
      return Promise.resolve(textmate.parseRawGrammar(fs.readFileSync(file, 'utf8'), file));
    },
  });
  const grammar = await registry.loadGrammar('source.solidity');
  assert.ok(grammar);
  return grammar;
}

/** Scopes of each token text on each line: [text, innermost scope]. */
function tokenize(grammar: textmate.IGrammar, source: string): Map<string, string[]> {
  const byText = new Map<string, string[]>();
  let state = textmate.INITIAL;
  for (const line of source.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) {
      const text = line.slice(t.startIndex, t.endIndex).trim();
      if (text && !byText.has(text)) byText.set(text, t.scopes);
    }
    state = r.ruleStack;
  }
  return byText;
}

const SAMPLE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.11;
import "./Lib.sol";
/// @title A counter
/** @notice Counts.
 *  @param by the step */
contract Counter is Base {
    uint256 public count = 0x1F;
    string name = "hello";
    event Incremented(address indexed who);
    function increment(uint8 by) public returns (bool) {
        count += 42;
        emit Incremented(msg.sender);
        return true;
    }
}`;

test('keywords, types, strings, numbers, comments, NatSpec, function and event names get scopes', async () => {
  const tokens = tokenize(await loadGrammar(), SAMPLE);
  const has = (text: string, scope: string) =>
    assert.ok(
      tokens.get(text)?.some((s) => s.startsWith(scope)),
      `${text}: ${tokens.get(text)?.join(' ')} lacks ${scope}`,
    );
  has('SPDX-License-Identifier: MIT', 'comment.line.double-slash');
  has('pragma', 'keyword.other.pragma');
  has('0.8.11', 'constant.numeric.version');
  has('./Lib.sol', 'string.quoted.double');
  has('@title', 'storage.type.class.natspec');
  has('@notice', 'storage.type.class.natspec');
  has('by', 'variable.parameter.natspec');
  has('contract', 'storage.type.contract');
  has('Counter', 'entity.name.type.contract');
  has('uint256', 'support.type.primitive');
  has('public', 'storage.modifier');
  has('0x1F', 'constant.numeric.hex');
  has('hello', 'string.quoted.double');
  has('Incremented', 'entity.name.function.event');
  has('increment', 'entity.name.function');
  has('42', 'constant.numeric.decimal');
  has('return', 'keyword.control');
  has('true', 'constant.language.boolean');
});

test('a block comment spans lines and NatSpec stays a documentation comment', async () => {
  const tokens = tokenize(await loadGrammar(), SAMPLE);
  assert.ok(tokens.get('Counts.')?.some((s) => s.startsWith('comment.block.documentation')));
  assert.ok(tokens.get('the step')?.some((s) => s.startsWith('comment.block.documentation')));
});
