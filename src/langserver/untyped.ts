// The places untyped values enter the language server: JSON text (solc's standard-JSON output,
// npm registry metadata, package.json files) and CommonJS modules loaded at run time (solc and
// soljson builds chosen by version), and options from the language client. Their shapes are the producers' documented contracts.

/* eslint-disable @typescript-eslint/no-unsafe-type-assertion -- see the file comment */
export function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

export function loadModule<T>(file: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module is chosen at run time
  return require(file) as T;
}

/** Values another process sent (LSP initializationOptions): their shape is our own protocol.ts. */
export function fromPeer<T>(value: unknown): T {
  return value as T;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Why a fetch() failed: Node's fetch rejects with "fetch failed" and the reason (ECONNREFUSED, …) as its cause. */
export function fetchErrorMessage(err: unknown): string {
  return err instanceof Error && err.cause !== undefined ? errorMessage(err.cause) : errorMessage(err);
}
