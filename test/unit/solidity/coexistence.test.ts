// Living with Hardhat's and Juan Blanco's Solidity extensions: with either installed the language
// server defers under "auto", runs under "on", never runs under "off". vscode is a stand-in here
// (extensions.getExtension and the setting); the real host runs the server in test/extension.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useVscodeStub } from '../extension/vscodeStub';

let installed: string[] = [];
let setting: string | undefined;
useVscodeStub({
  extensions: { getExtension: (id: string) => (installed.includes(id) ? { id } : undefined) },
  workspace: {
    getConfiguration: () => ({ get: <T>(_key: string, fallback: T): T => (setting as T) ?? fallback }),
  },
});
type Coexistence = typeof import('../../../src/extension/solidity/coexistence');
// Loaded after the vscode stand-in is in place.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const coexistence = require('../../../src/extension/solidity/coexistence') as Coexistence;

beforeEach(() => {
  installed = [];
  setting = undefined;
});

describe('coexistence with other Solidity extensions', () => {
  it('detects Hardhat and Juan Blanco extensions', () => {
    assert.equal(coexistence.otherSolidityExtension(), undefined);
    installed = ['JuanBlanco.solidity'];
    assert.deepEqual(coexistence.otherSolidityExtension(), {
      id: 'JuanBlanco.solidity',
      label: "Juan Blanco's Solidity extension",
    });
    installed = ['NomicFoundation.hardhat-solidity'];
    assert.equal(coexistence.otherSolidityExtension()?.id, 'NomicFoundation.hardhat-solidity');
  });

  it('defers by default, and the setting decides', () => {
    const other = { id: 'NomicFoundation.hardhat-solidity' };
    assert.equal(coexistence.languageServerMode(), 'auto');
    assert.equal(coexistence.shouldRunLanguageServer('auto', undefined), true);
    assert.equal(coexistence.shouldRunLanguageServer('auto', other), false);
    assert.equal(coexistence.shouldRunLanguageServer('on', other), true);
    assert.equal(coexistence.shouldRunLanguageServer('off', undefined), false);
    setting = 'on';
    assert.equal(coexistence.languageServerMode(), 'on');
    setting = 'bogus';
    assert.equal(coexistence.languageServerMode(), 'auto');
  });
});
