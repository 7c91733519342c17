// JSON helpers for call files: where a syntax error is (for a message that names the line), and
// bigints as decimal text (call arguments and decoded values may hold them).

/** Line and column (1-based) of a character offset, for JSON syntax errors. */
export function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/**
 * Offset of the first JSON syntax error (Node's JSON.parse does not always say where), with what
 * was expected there. A small strict scanner, run only after JSON.parse failed.
 */
class JsonSyntaxAt extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {
    super(`expected ${expected} at ${offset}`);
  }
}

export function jsonErrorAt(text: string): { offset: number; expected: string } | undefined {
  let i = 0;
  const fail = (expected: string): never => {
    throw new JsonSyntaxAt(i, expected);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const str = () => {
    if (text[i] !== '"') fail('a string in double quotes');
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail('the closing " of the string');
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail('the closing " of the string');
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        str();
        ws();
        if (text[i] !== ':') fail('":" after the field name');
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') return void i++;
        fail('"," or "}"');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') return void i++;
        fail('"," or "]"');
      }
    }
    if (c === '"') return str();
    const lit = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i));
    if (lit) return void (i += lit[0].length);
    fail('a value (string, number, true, false, null, object or array)');
  };
  try {
    value();
    ws();
    if (i < text.length) fail('the end of the file');
    return undefined;
  } catch (err) {
    if (err instanceof JsonSyntaxAt) return { offset: err.offset, expected: err.expected };
    throw err;
  }
}

export const bigintAsText = (_k: string, x: unknown): unknown => (typeof x === 'bigint' ? x.toString() : x);
