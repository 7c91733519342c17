// Lets a unit test load extension modules that import `vscode`: every later `require('vscode')`
// resolves to the given stand-in. Only for code paths whose vscode use the test stubs itself;
// the real extension host is exercised by test/extension.

import Module from 'node:module';

type Resolver = (request: string, ...rest: unknown[]) => string;

export function useVscodeStub(exports: object): void {
  const mod = Module as unknown as { _resolveFilename: Resolver };
  const resolve = mod._resolveFilename;
  mod._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
  };
  require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports } as unknown as NodeModule;
}

/** The part of vscode.Uri the stubbed code paths use (file URIs only). */
export class StubUri {
  constructor(readonly path: string) {}
  get fsPath() {
    return this.path;
  }
  static file(p: string) {
    return new StubUri(p);
  }
  static parse(s: string) {
    return new StubUri(s.replace(/^file:\/\//, ''));
  }
  toString() {
    return `file://${this.path}`;
  }
}
