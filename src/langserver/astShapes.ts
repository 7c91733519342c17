// Compact, position-free shapes of the parts of @solidity-parser/parser's AST that type-aware
// navigation needs: declared types (`TypeRef`) and the base expression of a member access
// (`Expr`). Kept in the symbol index so resolution never re-parses a file.

import { parse } from '@solidity-parser/parser';
import type { ASTNode } from '@solidity-parser/parser/dist/src/ast-types';

/** A type as declared: `uint`, `Counter`, `Lib.S`, `S[]`, `mapping(address => S)`. */
export type TypeRef =
  | { k: 'elem'; name: string }
  | { k: 'named'; path: string }
  | { k: 'array'; base: TypeRef }
  | { k: 'mapping'; value: TypeRef }
  | { k: 'fn' };

/** The expression before a `.`: enough of it to compute its type. */
export type Expr =
  | { k: 'id'; name: string }
  | { k: 'member'; base: Expr; name: string; args?: Expr[] }
  | { k: 'index'; base: Expr }
  | { k: 'call'; callee: Expr; args: Expr[] }
  | { k: 'lit'; type: 'number' | 'string' | 'bool' }
  | { k: 'new'; type: TypeRef }
  | { k: 'elemType'; name: string }
  | { k: 'other' };

export function isNode(x: unknown): x is ASTNode {
  return !!x && typeof x === 'object' && typeof (x as { type?: unknown }).type === 'string';
}

export function typeRefOf(t: unknown): TypeRef | undefined {
  if (!isNode(t)) return undefined;
  switch (t.type) {
    case 'ElementaryTypeName':
      return { k: 'elem', name: normalizeElementary(t.name) };
    case 'UserDefinedTypeName':
      return { k: 'named', path: t.namePath };
    case 'ArrayTypeName': {
      const base = typeRefOf(t.baseTypeName);
      return base && { k: 'array', base };
    }
    case 'Mapping': {
      const value = typeRefOf(t.valueType);
      return value && { k: 'mapping', value };
    }
    case 'FunctionTypeName':
      return { k: 'fn' };
  }
  return undefined;
}

/** `uint` is `uint256`, `address payable` is `address` (for member lookup and `using for`). */
export function normalizeElementary(name: string): string {
  if (name === 'uint' || name === 'int') return `${name}256`;
  if (name === 'byte') return 'bytes1';
  return name.replace(/\s*payable$/, '');
}

export const ELEMENTARY = /^(address|payable|bool|string|bytes\d*|u?int\d*|byte|fixed|ufixed)$/;

/** Call arguments in parameter order; named ones (`f({b: 1, a: 2})`) count but are not typed. */
export function argsOf(call: { arguments: unknown[]; names: string[] }): Expr[] {
  return call.arguments.map((a): Expr => (call.names.length ? { k: 'other' } : exprOf(a)));
}

export function exprOf(e: unknown): Expr {
  if (!isNode(e)) return { k: 'other' };
  switch (e.type) {
    case 'Identifier':
      return ELEMENTARY.test(e.name) ? { k: 'elemType', name: e.name } : { k: 'id', name: e.name };
    case 'ElementaryTypeName':
      return { k: 'elemType', name: e.name };
    case 'MemberAccess':
      return { k: 'member', base: exprOf(e.expression), name: e.memberName };
    case 'IndexAccess':
      return { k: 'index', base: exprOf(e.base) };
    case 'FunctionCall': {
      const callee = exprOf(e.expression);
      const args = argsOf(e);
      return { k: 'call', callee: callee.k === 'member' ? { ...callee, args } : callee, args };
    }
    case 'NumberLiteral':
      return { k: 'lit', type: 'number' };
    case 'StringLiteral':
    case 'HexLiteral':
      return { k: 'lit', type: 'string' };
    case 'BooleanLiteral':
      return { k: 'lit', type: 'bool' };
    case 'NameValueExpression':
      return exprOf(e.expression);
    case 'NewExpression': {
      const type = typeRefOf(e.typeName);
      return type ? { k: 'new', type } : { k: 'other' };
    }
    case 'TupleExpression':
      return e.components.length === 1 && !e.isArray ? exprOf(e.components[0]) : { k: 'other' };
    case 'UserDefinedTypeName': {
      const parts = e.namePath.split('.');
      return parts
        .slice(1)
        .reduce<Expr>((base, name) => ({ k: 'member', base, name }), { k: 'id', name: parts[0] });
    }
  }
  return { k: 'other' };
}

/**
 * The expression whose members are being completed: the text before the `.` at `dot`, taken
 * back over names, dots and balanced brackets, parsed with the Solidity parser.
 */
export function exprBefore(text: string, dot: number): Expr | undefined {
  let i = dot;
  let depth = 0;
  const open = '([';
  const close = ')]';
  while (i > 0) {
    const c = text[i - 1];
    if (close.includes(c)) depth++;
    else if (open.includes(c)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && /\s/.test(c)) {
      // Spaces belong to the expression only around a dot (`a\n  .b`), not before a keyword.
      let j = i - 1;
      while (j > 0 && /\s/.test(text[j - 1])) j--;
      if (text[j - 1] !== '.' && text.slice(i).trimStart()[0] !== '.') break;
      i = j;
      continue;
    } else if (depth === 0 && !/[\w$.]/.test(c)) break;
    else if (depth > 0 && /[;{}]/.test(c)) return undefined;
    i--;
  }
  const source = text.slice(i, dot).trim();
  if (!source) return undefined;
  try {
    const ast = parse(`contract X { function f() { (${source}); } }`);
    const contract = ast.children[0];
    const fn: unknown = contract?.type === 'ContractDefinition' ? contract.subNodes[0] : undefined;
    const stmt: unknown = isNode(fn) && fn.type === 'FunctionDefinition' ? fn.body?.statements[0] : undefined;
    return isNode(stmt) && stmt.type === 'ExpressionStatement' ? exprOf(stmt.expression) : undefined;
  } catch {
    return undefined;
  }
}
