// Declarations and references of one Solidity file, read from @solidity-parser/parser's AST
// (character ranges): what navigation, hover, outline, completion and rename are computed from.
// A file that does not parse keeps its last good index (the parser runs in tolerant mode).

import { parse } from '@solidity-parser/parser';
import type { ASTNode, BaseASTNode, VariableDeclaration } from '@solidity-parser/parser/dist/src/ast-types';
import { argsOf, type Expr, exprOf, isNode, type TypeRef, typeRefOf } from './astShapes';
import { natspecBefore } from './natspec';

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
  /** For locals and parameters: where they are visible, [start, end) (their block or function). */
  scope?: [number, number];
  /** Type name as written (`Counter`, `uint256`, `mapping(address => uint)`), and its shape. */
  typeName?: string;
  type?: TypeRef;
  /** Functions, events, errors: parameter types (overloads), return types (call results). */
  params?: (TypeRef | undefined)[];
  returns?: (TypeRef | undefined)[];
  /** public / external / internal / private (functions and state variables). */
  visibility?: string;
  /** Contracts: their `using L for T` directives. */
  usings?: Using[];
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
  /** `x.name`: the shape of `x`; a named argument `f({name: …})`: the shape of `f`. */
  base?: Expr;
  /** The name is called with these arguments (picks among overloads). */
  args?: Expr[];
  kind: 'identifier' | 'member' | 'type' | 'namedArg';
}

/** `using L for T` / `using {f, L.g} for T` (`type` undefined: `for *`). */
export interface Using {
  library?: string;
  functions: string[];
  type?: TypeRef;
  global: boolean;
}

export interface FileIndex {
  file: string;
  text: string;
  decls: Decl[];
  /** Top-level declarations (contracts, file-level structs, enums, functions, errors). */
  topLevel: Decl[];
  refs: Ref[];
  imports: string[];
  /** File-level `using for` directives. */
  usings: Using[];
  /** `import {A as B} from …`: B → A. `import "…" as U`: U → the import path. */
  aliases: Map<string, string>;
  unitAliases: Map<string, string>;
  /** The `pragma solidity` ranges (using-for is inherited before 0.7). */
  pragmas: string[];
}

const CONTAINER_KINDS: Record<string, DeclKind> = {
  contract: 'contract',
  interface: 'interface',
  library: 'library',
  abstract: 'contract',
};

export function indexFile(file: string, text: string): FileIndex {
  const ast = parse(text, { range: true, tolerant: true });
  const index: FileIndex = {
    file,
    text,
    decls: [],
    topLevel: [],
    refs: [],
    imports: [],
    usings: [],
    aliases: new Map(),
    unitAliases: new Map(),
    pragmas: [],
  };
  /** Call arguments per callee node, so that the callee's ref knows them. */
  const callArgs = new Map<unknown, Expr[]>();
  const span = (n: BaseASTNode): [number, number] => [n.range?.[0] ?? 0, (n.range?.[1] ?? 0) + 1];
  const nameAt = (n: BaseASTNode, name: string): [number, number] => {
    const [s, e] = span(n);
    const m = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).exec(text.slice(s, e));
    const at = m ? s + m.index : s;
    return [at, at + name.length];
  };
  const header = (n: BaseASTNode) => {
    const body = text.slice(...span(n));
    const cut = body.search(/[{;]/);
    return (cut >= 0 ? body.slice(0, cut) : body).replace(/\s+/g, ' ').trim();
  };
  const push = (d: Decl, parent: Decl | undefined, child: boolean) => {
    index.decls.push(d);
    if (parent && child) parent.children.push(d);
    else if (!parent) index.topLevel.push(d);
    return d;
  };
  const add = (
    n: BaseASTNode,
    name: string,
    kind: DeclKind,
    parent: Decl | undefined,
    extra: Partial<Decl> = {},
  ) => {
    const [nameStart, nameEnd] = nameAt(n, name);
    const [start, end] = span(n);
    const d: Decl = {
      name,
      kind,
      file,
      nameStart,
      nameEnd,
      start,
      end,
      container: parent?.name,
      signature: header(n),
      doc: natspecBefore(text, start),
      children: [],
      ...extra,
    };
    return push(d, parent, true);
  };
  const typeText = (t: BaseASTNode | null) => (t?.range ? text.slice(...span(t)) : undefined);
  const variable = (
    v: VariableDeclaration,
    kind: DeclKind,
    parent: Decl | undefined,
    scope?: [number, number],
  ) => {
    if (!v.name || !v.identifier?.range) return;
    const [start, end] = span(v);
    const [nameStart, nameEnd] = span(v.identifier);
    const d: Decl = {
      name: v.name,
      kind,
      file,
      nameStart,
      nameEnd,
      start,
      end,
      container: parent?.name,
      scope,
      typeName: typeText(v.typeName),
      type: typeRefOf(v.typeName),
      visibility: v.isStateVar ? v.visibility : undefined,
      signature: text.slice(start, end).replace(/\s+/g, ' '),
      doc: kind === 'stateVar' ? natspecBefore(text, start) : undefined,
      children: [],
    };
    push(d, parent, kind !== 'variable' && kind !== 'parameter');
  };
  const ref = (name: string, start: number, kind: Ref['kind'], base?: Expr, args?: Expr[]) =>
    index.refs.push({ name, start, end: start + name.length, kind, base, args });
  const signatureOf = (params: VariableDeclaration[], returns?: VariableDeclaration[] | null) => ({
    params: params.map((p) => typeRefOf(p.typeName)),
    returns: returns?.map((p) => typeRefOf(p.typeName)),
  });

  const walk = (node: unknown, parent: Decl | undefined, scope?: [number, number]): void => {
    if (Array.isArray(node)) {
      for (const c of node) walk(c, parent, scope);
      return;
    }
    if (!isNode(node)) return;
    const n = node;
    if (!n.range) {
      // Some nodes (a for loop's update statement) carry no range; their children do.
      walkChildren(n, parent, scope);
      return;
    }
    switch (n.type) {
      case 'ImportDirective':
        index.imports.push(n.path);
        if (n.unitAlias) index.unitAliases.set(n.unitAlias, n.path);
        for (const [name, alias] of n.symbolAliasesIdentifiers ?? []) {
          // The imported name is a reference (renaming the declaration renames it here too).
          ref(name.name, span(name)[0], 'type');
          if (alias) index.aliases.set(alias.name, name.name);
        }
        return;
      case 'PragmaDirective':
        if (n.name === 'solidity') index.pragmas.push(n.value);
        return;
      case 'ContractDefinition': {
        const bases = n.baseContracts.map((b) => b.baseName.namePath);
        const d = add(n, n.name, CONTAINER_KINDS[n.kind] ?? 'contract', parent, { bases, usings: [] });
        walk(n.baseContracts, d);
        walk(n.subNodes, d);
        return;
      }
      case 'FunctionDefinition': {
        const name = n.name || (n.isConstructor ? 'constructor' : n.isFallback ? 'fallback' : 'receive');
        const d = add(n, name, n.isConstructor ? 'constructor' : 'function', parent, {
          ...signatureOf(n.parameters, n.returnParameters),
          visibility: n.visibility,
        });
        const fnScope = span(n);
        for (const p of [...n.parameters, ...(n.returnParameters ?? [])])
          variable(p, 'parameter', d, fnScope);
        walk([n.parameters, n.returnParameters, n.modifiers, n.body], d, fnScope);
        return;
      }
      case 'ModifierDefinition': {
        const d = add(n, n.name, 'modifier', parent);
        for (const p of n.parameters ?? []) variable(p, 'parameter', d, span(n));
        walk([n.parameters, n.body], d, span(n));
        return;
      }
      case 'EventDefinition':
      case 'CustomErrorDefinition':
        add(n, n.name, n.type === 'EventDefinition' ? 'event' : 'error', parent, signatureOf(n.parameters));
        walk(n.parameters, parent, span(n));
        return;
      case 'StructDefinition': {
        const d = add(n, n.name, 'struct', parent);
        for (const m of n.members) variable(m, 'member', d);
        walk(n.members, d);
        return;
      }
      case 'EnumDefinition': {
        const d = add(n, n.name, 'enum', parent);
        for (const v of n.members) add(v, v.name, 'enumValue', d);
        return;
      }
      case 'TypeDefinition':
        add(n, n.name, 'type', parent);
        return;
      case 'FileLevelConstant':
        add(n, n.name, 'stateVar', parent, { typeName: typeText(n.typeName), type: typeRefOf(n.typeName) });
        walk([n.typeName, n.initialValue], parent);
        return;
      case 'StateVariableDeclaration':
        for (const v of n.variables) variable(v, 'stateVar', parent);
        walk([n.variables, n.initialValue], parent);
        return;
      case 'VariableDeclarationStatement':
        for (const v of n.variables)
          if (isNode(v) && v.type === 'VariableDeclaration') variable(v, 'variable', parent, scope);
        walk([n.variables, n.initialValue], parent, scope);
        return;
      case 'VariableDeclaration':
        walk([n.typeName, n.expression], parent, scope);
        return;
      case 'Block':
      case 'ForStatement':
        // Locals are visible from their declaration to the end of the enclosing block.
        walkChildren(n, parent, scope ? span(n) : scope);
        return;
      case 'TryStatement':
        for (const p of n.returnParameters ?? []) variable(p, 'variable', parent, span(n.body));
        break;
      case 'CatchClause':
        for (const p of n.parameters ?? []) variable(p, 'variable', parent, span(n));
        walkChildren(n, parent, span(n));
        return;
      case 'FunctionCall':
        callArgs.set(n.expression, argsOf(n));
        // `f({a: 1})`, `S({a: 1})`: parameter and field names are references too.
        for (const id of n.identifiers)
          ref(id.name, span(id)[0], 'namedArg', exprOf(n.expression), callArgs.get(n.expression));
        walk([n.expression, n.arguments], parent, scope);
        return;
      case 'Identifier':
        ref(n.name, span(n)[0], 'identifier', undefined, callArgs.get(n));
        return;
      case 'UserDefinedTypeName': {
        // `A.B.C`: a type ref for `A`, member refs for the rest.
        const parts = n.namePath.split('.');
        let at = span(n)[0];
        parts.forEach((name, i) => {
          at = text.indexOf(name, at);
          const base = i ? exprOf({ ...n, namePath: parts.slice(0, i).join('.') }) : undefined;
          ref(name, at, i ? 'member' : 'type', base);
          at += name.length;
        });
        return;
      }
      case 'ModifierInvocation':
        ref(n.name, span(n)[0], 'identifier');
        walk(n.arguments, parent, scope);
        return;
      case 'MemberAccess': {
        const end = span(n)[1];
        const at = text.lastIndexOf(n.memberName, end);
        ref(n.memberName, at, 'member', exprOf(n.expression), callArgs.get(n));
        walk(n.expression, parent, scope);
        return;
      }
      case 'UsingForDeclaration': {
        const using: Using = {
          library: n.libraryName ?? undefined,
          functions: n.functions,
          type: typeRefOf(n.typeName),
          global: n.isGlobal,
        };
        (parent?.usings ?? index.usings).push(using);
        const [s, e] = span(n);
        for (const path of n.libraryName ? [n.libraryName] : n.functions) {
          const m = new RegExp(`\\b${path.replace(/[$.]/g, '\\$&')}\\b`).exec(text.slice(s, e));
          if (!m) continue;
          const at = s + m.index;
          const parts = path.split('.');
          parts.forEach((name, i) => {
            const base = exprOf({ type: 'UserDefinedTypeName', namePath: parts.slice(0, i).join('.') });
            ref(
              name,
              at + parts.slice(0, i).join('.').length + (i ? 1 : 0),
              i ? 'member' : 'type',
              i ? base : undefined,
            );
          });
        }
        walk(n.typeName, parent, scope);
        return;
      }
    }
    walkChildren(n, parent, scope);
  };
  const walkChildren = (n: ASTNode, parent: Decl | undefined, scope?: [number, number]) => {
    for (const [k, v] of Object.entries(n))
      if (k !== 'range' && k !== 'loc' && typeof v === 'object') walk(v, parent, scope);
  };
  walk(ast.children, undefined);
  return index;
}
