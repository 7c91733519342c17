// Finds Solidity test suites and cases in a source text without solc, for the Test Explorer tree
// and for the source location of each test: a contract whose name ends in `Test` is a suite, each
// public/external function named `test…` without parameters a case. Comments and string literals
// are blanked first so neither can fake a declaration. Pure; no vscode.

export interface SourcePosition {
  /** 0-based line. */
  line: number;
  /** 0-based UTF-16 column. */
  character: number;
}

export interface SourceRange {
  start: SourcePosition;
  end: SourcePosition;
}

export interface DiscoveredTest {
  /** Function name, e.g. `testIncrement`. */
  name: string;
  /** The name in the declaration (where failures are reported). */
  nameRange: SourceRange;
  /** From `function` to the closing brace of the body. */
  range: SourceRange;
}

export interface DiscoveredSuite {
  /** Contract name, e.g. `CounterTest`. */
  name: string;
  nameRange: SourceRange;
  range: SourceRange;
  tests: DiscoveredTest[];
  /** Whether the contract declares `setUp()`. */
  hasSetUp: boolean;
}

/** Comments and string contents replaced by spaces (newlines kept), so offsets stay the same. */
export function blankCommentsAndStrings(text: string): string {
  let out = '';
  let i = 0;
  const n = text.length;
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      const stop = Math.min(n, j + 1);
      out += c + blank(text.slice(i + 1, stop - 1)) + (stop - 1 > i ? text[stop - 1] : '');
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Index of the bracket closing the one at `open` (same kind), or -1. */
function matching(text: string, open: number): number {
  const o = text[open];
  const c = o === '{' ? '}' : o === '(' ? ')' : ']';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === o) depth++;
    else if (text[i] === c && --depth === 0) return i;
  }
  return -1;
}

function positions(text: string): (offset: number) => SourcePosition {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo] };
  };
}

export function isTestSuiteName(name: string): boolean {
  return /Test$/.test(name);
}

export function isTestFunctionName(name: string): boolean {
  return /^test/.test(name);
}

/** Suites and cases of one `.t.sol` source, in source order. */
export function discoverTests(text: string): DiscoveredSuite[] {
  const src = blankCommentsAndStrings(text);
  const at = positions(text);
  const range = (from: number, to: number): SourceRange => ({ start: at(from), end: at(to) });
  const suites: DiscoveredSuite[] = [];
  const decl = /\b(abstract\s+contract|contract|library|interface)\s+([A-Za-z_$][\w$]*)/g;
  for (let m = decl.exec(src); m; m = decl.exec(src)) {
    const open = src.indexOf('{', m.index + m[0].length);
    if (open < 0) break;
    const close = matching(src, open);
    const end = close < 0 ? src.length : close;
    // Nested declarations cannot exist in Solidity; continue after this body.
    decl.lastIndex = end;
    const kind = m[1].replace(/\s+/g, ' ');
    const name = m[2];
    if (kind !== 'contract' || !isTestSuiteName(name)) continue;
    const nameStart = m.index + m[0].length - name.length;
    const suite: DiscoveredSuite = {
      name,
      nameRange: range(nameStart, nameStart + name.length),
      range: range(m.index, end + 1),
      tests: [],
      hasSetUp: false,
    };
    // Functions at the top level of the contract body.
    let depth = 0;
    for (let i = open + 1; i < end; i++) {
      const ch = src[i];
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      if (
        depth !== 0 ||
        ch !== 'f' ||
        !/^function\b/.test(src.slice(i, i + 9)) ||
        /[\w$]/.test(src[i - 1] ?? '')
      )
        continue;
      const fm = /^function\s+([A-Za-z_$][\w$]*)\s*\(/.exec(src.slice(i));
      if (!fm) continue;
      const fname = fm[1];
      const paren = i + fm[0].length - 1;
      const parenClose = matching(src, paren);
      if (parenClose < 0) break;
      const params = src.slice(paren + 1, parenClose).trim();
      // Attributes run up to the body (or `;` for a declaration without one).
      let j = parenClose + 1;
      while (j < end && src[j] !== '{' && src[j] !== ';') j++;
      const attributes = src.slice(parenClose + 1, j);
      const bodyEnd = src[j] === '{' ? matching(src, j) : j;
      const fnEnd = bodyEnd < 0 ? end : bodyEnd + 1;
      if (fname === 'setUp' && !params) suite.hasSetUp = true;
      const visible = /\b(public|external)\b/.test(attributes);
      if (isTestFunctionName(fname) && !params && visible) {
        const nStart = i + fm[0].indexOf(fname, 8);
        suite.tests.push({
          name: fname,
          nameRange: range(nStart, nStart + fname.length),
          range: range(i, fnEnd),
        });
      }
      i = Math.max(i, fnEnd - 1);
    }
    suites.push(suite);
  }
  return suites;
}
