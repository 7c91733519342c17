// Declarations and references of one Solidity file, read from @solidity-parser/parser's AST
// (character ranges): what navigation, hover, outline, completion and rename are computed from.
// A file that does not parse keeps its last good index (the parser runs in tolerant mode).

import { parse } from '@solidity-parser/parser';

export type DeclKind =
  | 'contract'
  | 'interface'
  | 'library'
  | 'function'
  | 'constructor'
  | 'modifier'
  | 'event'
  | 'error'
  | 'struct'
  | 'enum'
  | 'enumValue'
  | 'stateVar'
  | 'member'
  | 'variable'
  | 'parameter'
  | 'type';

export interface Decl {
  name: string;
  kind: DeclKind;
  file: string;
  /** Character offsets [start, end) of the name, and of the whole declaration. */
  nameStart: number;
  nameEnd: number;
  start: number;
  end: number;
  /** Enclosing contract (members) or struct/enum (their fields). */
  container?: string;
  /** For locals and parameters: the function they are visible in, [start, end). */
  scope?: [number, number];
  /** Type name as written (`Counter`, `uint256`, `mapping(address => uint)`). */
  typeName?: string;
  /** Base contracts (contracts), in order. */
  bases?: string[];
  /** Header as written (signature), and the NatSpec comment before the declaration. */
  signature: string;
  doc?: string;
  children: Decl[];
}

export interface Ref {
  name: string;
  start: number;
  end: number;
  /** `x.name`: the source text of `x` when it is a plain identifier (or this/super). */
  object?: string;
  kind: 'identifier' | 'member' | 'type';
}

export interface FileIndex {
  file: string;
  text: string;
  decls: Decl[];
  /** Top-level declarations (contracts, file-level structs, enums, functions, errors). */
  topLevel: Decl[];
  refs: Ref[];
  imports: string[];
}

type Node = { type: string; range?: [number, number]; [k: string]: unknown };

const CONTAINER_KINDS: Record<string, DeclKind> = {
  contract: 'contract',
  interface: 'interface',
  library: 'library',
  abstract: 'contract',
};

export function indexFile(file: string, text: string): FileIndex {
  const ast = parse(text, { range: true, tolerant: true }) as unknown as Node;
  const index: FileIndex = { file, text, decls: [], topLevel: [], refs: [], imports: [] };
  const nameAt = (n: Node, name: string, after = 0): [number, number] => {
    const [s, e] = n.range!;
    const re = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`, 'g');
    re.lastIndex = after;
    const m = re.exec(text.slice(s, e + 1));
    const at = m ? s + m.index : s;
    return [at, at + name.length];
  };
  const header = (n: Node) => {
    const [s, e] = n.range!;
    const body = text.slice(s, e + 1);
    const cut = body.search(/[{;]/);
    return (cut >= 0 ? body.slice(0, cut) : body).replace(/\s+/g, ' ').trim();
  };
  const add = (
    n: Node,
    name: string,
    kind: DeclKind,
    parent: Decl | undefined,
    extra: Partial<Decl> = {},
    skip = 0,
  ) => {
    const [nameStart, nameEnd] = nameAt(n, name, skip);
    const d: Decl = {
      name,
      kind,
      file,
      nameStart,
      nameEnd,
      start: n.range![0],
      end: n.range![1] + 1,
      container: parent?.name,
      signature: header(n),
      doc: natspecBefore(text, n.range![0]),
      children: [],
      ...extra,
    };
    index.decls.push(d);
    if (parent) parent.children.push(d);
    else index.topLevel.push(d);
    return d;
  };
  const typeText = (t: unknown) => {
    const n = t as Node | null;
    return n?.range ? text.slice(n.range[0], n.range[1] + 1) : undefined;
  };
  const variable = (v: Node, kind: DeclKind, parent: Decl | undefined, scope?: [number, number]) => {
    const id = v.identifier as Node | null;
    const name = v.name as string | null;
    if (!name || !id?.range) return;
    const d: Decl = {
      name,
      kind,
      file,
      nameStart: id.range[0],
      nameEnd: id.range[1] + 1,
      start: v.range![0],
      end: v.range![1] + 1,
      container: parent?.name,
      scope,
      typeName: typeText(v.typeName),
      signature: text.slice(v.range![0], v.range![1] + 1).replace(/\s+/g, ' '),
      doc: kind === 'stateVar' ? natspecBefore(text, v.range![0]) : undefined,
      children: [],
    };
    index.decls.push(d);
    if (parent && kind !== 'variable' && kind !== 'parameter') parent.children.push(d);
    else if (!parent) index.topLevel.push(d);
  };

  const walk = (node: unknown, parent: Decl | undefined, scope?: [number, number]): void => {
    if (Array.isArray(node)) {
      for (const c of node) walk(c, parent, scope);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (!n.type || !n.range) {
      return;
    }
    switch (n.type) {
      case 'ImportDirective':
        index.imports.push(n.path as string);
        return;
      case 'ContractDefinition': {
        const bases = (n.baseContracts as Node[]).map((b) => (b.baseName as Node).namePath as string);
        const d = add(n, n.name as string, CONTAINER_KINDS[n.kind as string] ?? 'contract', parent, {
          bases,
        });
        walk(n.baseContracts, d);
        walk(n.subNodes, d);
        return;
      }
      case 'FunctionDefinition': {
        const isCtor = n.isConstructor as boolean;
        const name =
          (n.name as string | null) ?? (isCtor ? 'constructor' : n.isFallback ? 'fallback' : 'receive');
        const d = add(n, name, isCtor ? 'constructor' : 'function', parent, {}, 0);
        const fnScope: [number, number] = [n.range[0], n.range[1] + 1];
        for (const p of [...(n.parameters as Node[]), ...((n.returnParameters as Node[] | null) ?? [])])
          variable(p, 'parameter', d, fnScope);
        walk(n.parameters, d, fnScope);
        walk(n.returnParameters, d, fnScope);
        walk(n.modifiers, d, fnScope);
        walk(n.body, d, fnScope);
        return;
      }
      case 'ModifierDefinition': {
        const d = add(n, n.name as string, 'modifier', parent);
        const s: [number, number] = [n.range[0], n.range[1] + 1];
        for (const p of (n.parameters as Node[] | null) ?? []) variable(p, 'parameter', d, s);
        walk(n.parameters, d, s);
        walk(n.body, d, s);
        return;
      }
      case 'EventDefinition':
      case 'CustomErrorDefinition': {
        add(n, n.name as string, n.type === 'EventDefinition' ? 'event' : 'error', parent);
        walk(n.parameters, parent, [n.range[0], n.range[1] + 1]);
        return;
      }
      case 'StructDefinition': {
        const d = add(n, n.name as string, 'struct', parent);
        for (const m of n.members as Node[]) variable(m, 'member', d);
        walk(n.members, d);
        return;
      }
      case 'EnumDefinition': {
        const d = add(n, n.name as string, 'enum', parent);
        for (const v of n.members as Node[]) add(v, v.name as string, 'enumValue', d);
        return;
      }
      case 'TypeDefinition':
        add(n, n.name as string, 'type', parent);
        return;
      case 'StateVariableDeclaration':
      case 'FileLevelConstant':
        for (const v of (n.variables as Node[] | undefined) ?? [n]) variable(v, 'stateVar', parent);
        walk(n.variables, parent);
        walk(n.initialValue, parent);
        return;
      case 'VariableDeclarationStatement':
        for (const v of n.variables as (Node | null)[]) if (v) variable(v, 'variable', parent, scope);
        walk(n.variables, parent, scope);
        walk(n.initialValue, parent, scope);
        return;
      case 'VariableDeclaration':
        walk(n.typeName, parent, scope);
        walk(n.expression, parent, scope);
        return;
      case 'Identifier':
        index.refs.push({
          name: n.name as string,
          start: n.range[0],
          end: n.range[1] + 1,
          kind: 'identifier',
        });
        return;
      case 'UserDefinedTypeName': {
        const path = n.namePath as string;
        const last = path.split('.').pop()!;
        const end = n.range[1] + 1;
        const object = path.includes('.') ? path.split('.').slice(-2)[0] : undefined;
        index.refs.push({
          name: last,
          start: end - last.length,
          end,
          kind: object ? 'member' : 'type',
          object,
        });
        if (object)
          index.refs.push({ name: object, start: n.range[0], end: n.range[0] + object.length, kind: 'type' });
        return;
      }
      case 'ModifierInvocation':
        index.refs.push({
          name: n.name as string,
          start: n.range[0],
          end: n.range[0] + (n.name as string).length,
          kind: 'identifier',
        });
        walk(n.arguments, parent, scope);
        return;
      case 'MemberAccess': {
        const member = n.memberName as string;
        const end = n.range[1] + 1;
        const expr = n.expression as Node;
        const object = expr.type === 'Identifier' ? (expr.name as string) : undefined;
        const at = text.lastIndexOf(member, end);
        index.refs.push({ name: member, start: at, end: at + member.length, kind: 'member', object });
        walk(expr, parent, scope);
        return;
      }
      case 'UsingForDeclaration':
        if (n.libraryName) {
          const lib = n.libraryName as string;
          const [s] = nameAt(n, lib);
          index.refs.push({ name: lib, start: s, end: s + lib.length, kind: 'type' });
        }
        walk(n.typeName, parent, scope);
        return;
    }
    for (const [k, v] of Object.entries(n))
      if (k !== 'range' && k !== 'loc' && typeof v === 'object') walk(v, parent, scope);
  };
  walk(ast.children, undefined);
  return index;
}

/** The NatSpec comment right before `offset` (/** … *\/ or consecutive /// lines), cleaned up. */
export function natspecBefore(text: string, offset: number): string | undefined {
  const before = text.slice(0, offset).replace(/\s+$/, '');
  if (before.endsWith('*/')) {
    const open = before.lastIndexOf('/**');
    if (open < 0) return undefined;
    return before
      .slice(open + 3, -2)
      .split('\n')
      .map((l) => l.replace(/^\s*\*\s?/, '').trim())
      .filter(Boolean)
      .join('\n');
  }
  const lines = before.split('\n');
  const doc: string[] = [];
  for (let i = lines.length - 1; i >= 0 && /^\s*\/\/\//.test(lines[i]); i--)
    doc.unshift(lines[i].replace(/^\s*\/\/\/\s?/, '').trim());
  return doc.length ? doc.join('\n') : undefined;
}
