// Solidity source locations from a program counter, as Hardhat's stack traces find them: the
// compiler's source map (evm.deployedBytecode.sourceMap / evm.bytecode.sourceMap, entries
// "s:l:f:j:m" per instruction, empty fields repeating the previous entry) indexed by instruction,
// PUSH data skipped. The enclosing function is read from the source text around the location.

export interface SourceMapEntry {
  start: number;
  length: number;
  /** Source id (index into the compiler's source list), -1 for compiler-generated code. */
  file: number;
  jump: string;
}

export interface SourceLocation {
  /** Source unit name as given to the compiler. */
  file: string;
  /** 1-based line and column. */
  line: number;
  column: number;
  /** Byte offset and length in the source. */
  start: number;
  length: number;
  /** The source text of the location (first line of it). */
  snippet: string;
  /** Enclosing function, modifier or constructor, when found. */
  functionName?: string;
}

export function parseSourceMap(map: string): SourceMapEntry[] {
  const out: SourceMapEntry[] = [];
  let prev: SourceMapEntry = { start: 0, length: 0, file: -1, jump: '-' };
  for (const item of map.split(';')) {
    const [s, l, f, j] = item.split(':');
    const e: SourceMapEntry = {
      start: s ? Number(s) : prev.start,
      length: l ? Number(l) : prev.length,
      file: f ? Number(f) : prev.file,
      jump: j || prev.jump,
    };
    out.push(e);
    prev = e;
  }
  return out;
}

/** Instruction index of each opcode start (PUSH1..PUSH32 data skipped). */
export function instructionIndexes(code: Uint8Array): Map<number, number> {
  const out = new Map<number, number>();
  let index = 0;
  for (let pc = 0; pc < code.length; index++) {
    out.set(pc, index);
    const op = code[pc];
    pc += op >= 0x60 && op <= 0x7f ? op - 0x5e : 1;
  }
  return out;
}

/**
 * sources: id → { name, content } (the compiler's output.sources[name].id); `path`: the file's
 * absolute path when known (the debugger opens it; `name` is relative to the compile's root).
 */
export type SourceList = Map<number, { name: string; content: string; path?: string }>;

export function locate(
  pc: number,
  code: Uint8Array,
  sourceMap: string,
  sources: SourceList,
): SourceLocation | undefined {
  const index = instructionIndexes(code).get(pc);
  if (index === undefined) return undefined;
  const entry = parseSourceMap(sourceMap)[index];
  if (!entry || entry.file < 0) return undefined;
  const source = sources.get(entry.file);
  if (!source) return undefined;
  const bytes = Buffer.from(source.content, 'utf8');
  const before = bytes.subarray(0, entry.start).toString('utf8');
  const line = before.split('\n').length;
  const column = before.length - (before.lastIndexOf('\n') + 1) + 1;
  const text = bytes.subarray(entry.start, entry.start + entry.length).toString('utf8');
  return {
    file: source.name,
    line,
    column,
    start: entry.start,
    length: entry.length,
    snippet: text.split('\n')[0].trim(),
    functionName: enclosingFunction(source.content, before.length),
  };
}

/** The last function/modifier/constructor header before `offset` whose braces still enclose it. */
export function enclosingFunction(text: string, offset: number): string | undefined {
  const re =
    /\b(function\s+([A-Za-z_$][\w$]*)|constructor|modifier\s+([A-Za-z_$][\w$]*)|fallback|receive)\s*\(/g;
  let found: string | undefined;
  for (let m = re.exec(text); m && m.index < offset; m = re.exec(text)) {
    const open = text.indexOf('{', m.index);
    if (open < 0 || open > offset) {
      // A location inside the header (e.g. a modifier invocation or parameter check).
      if (open > offset) found = m[2] ?? m[3] ?? m[1];
      continue;
    }
    let depth = 0;
    let end = open;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}' && --depth === 0) break;
    }
    if (end >= offset) found = m[2] ?? m[3] ?? m[1];
  }
  return found;
}

/** "Contract.function (file:line)" */
export function formatLocation(contract: string, loc: SourceLocation): string {
  return `${contract}${loc.functionName ? '.' + loc.functionName : ''} (${loc.file}:${loc.line})`;
}
