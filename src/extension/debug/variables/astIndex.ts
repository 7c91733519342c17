// What the debugger needs from solc's AST (standard-JSON `ast` output, compact form): the
// functions with their source ranges, their parameters, return variables, the modifiers they run
// and locals in stack order with the scope each local lives in (legacy code generator layout),
// the types of those variables, and the enums' member names.

export interface AstNode {
  id?: number;
  nodeType: string;
  src?: string;
  name?: string;
  [k: string]: unknown;
}

export interface Range {
  start: number;
  end: number;
  file: number;
}

/** A variable's type as the stack and memory decoders need it. */
export type SolType =
  | { kind: 'value'; label: string }
  | { kind: 'bytes'; label: 'string' | 'bytes' }
  | { kind: 'array'; label: string; base: SolType; length?: number }
  | { kind: 'struct'; label: string; members: { name: string; type: SolType }[] }
  | { kind: 'mapping'; label: string }
  | { kind: 'other'; label: string };

export interface StackVariable {
  name: string;
  type: SolType;
  location: 'default' | 'memory' | 'storage' | 'calldata';
  /** Stack index above the function's base (the first parameter is 0). */
  index: number;
  /** Stack slots it takes (2 for calldata dynamic arrays, bytes and string). */
  size: number;
  /** Locals only: visible from `visibleFrom` (its statement's end) to the end of `scope`. */
  visibleFrom?: number;
  scope?: Range;
}

export interface FunctionInfo {
  name: string;
  range: Range;
  params: StackVariable[];
  returns: StackVariable[];
  locals: StackVariable[];
  /** The modifiers it runs, in order, their variables indexed from the function's base. */
  modifiers: FunctionInfo[];
  /** For a constructor: its contract's name. */
  constructorOf?: string;
}

export function parseSrc(src: string | undefined): Range | undefined {
  if (src === undefined) return undefined;
  const [s, l, f] = src.split(':').map(Number);
  if (!Number.isFinite(s) || !Number.isFinite(l)) return undefined;
  return { start: s, end: s + l, file: Number.isFinite(f) ? f : -1 };
}

function isNode(v: unknown): v is AstNode {
  return typeof v === 'object' && v !== null && typeof (v as { nodeType?: unknown }).nodeType === 'string';
}

/** Child nodes in source order (solc writes the keys alphabetically: a for loop's body first). */
function children(n: AstNode): AstNode[] {
  const out: AstNode[] = [];
  for (const v of Object.values(n)) {
    if (isNode(v)) out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (isNode(x)) out.push(x);
  }
  const start = (c: AstNode) => parseSrc(c.src)?.start ?? 0;
  return out.sort((a, b) => start(a) - start(b));
}

function node(v: unknown): AstNode | undefined {
  return isNode(v) ? v : undefined;
}

function nodes(v: unknown): AstNode[] {
  return Array.isArray(v) ? v.filter(isNode) : [];
}

const LOCATIONS: readonly StackVariable['location'][] = ['default', 'memory', 'storage', 'calldata'];

function typeString(n: AstNode): string | undefined {
  const d = n.typeDescriptions;
  if (typeof d !== 'object' || d === null || !('typeString' in d)) return undefined;
  return typeof d.typeString === 'string' ? d.typeString : undefined;
}

/** Strips a data location from a type string ("string memory" → "string"). */
export function withoutLocation(typeString: string): string {
  return typeString.replace(/ (storage ref|storage pointer|memory|calldata|pointer|slice)$/g, '');
}

export class AstIndex {
  private readonly byId = new Map<number, AstNode>();
  readonly enums = new Map<string, string[]>();
  readonly functions: FunctionInfo[] = [];

  constructor(asts: readonly unknown[]) {
    const all: AstNode[] = [];
    const visit = (n: AstNode) => {
      if (typeof n.id === 'number') this.byId.set(n.id, n);
      all.push(n);
      for (const c of children(n)) visit(c);
    };
    for (const a of asts) if (isNode(a)) visit(a);
    for (const n of all) {
      if (n.nodeType === 'EnumDefinition') {
        const name = typeof n.canonicalName === 'string' ? n.canonicalName : (n.name ?? '');
        this.enums.set(
          name,
          nodes(n.members).map((m) => m.name ?? ''),
        );
      }
    }
    for (const c of all)
      if (c.nodeType === 'ContractDefinition')
        for (const n of nodes(c.nodes))
          if (n.nodeType === 'FunctionDefinition') {
            const f = this.functionInfo(n, c.name ?? '');
            if (f !== undefined) this.functions.push(f);
          }
  }

  /** The function whose definition spans exactly `r`. */
  functionAt(r: Range): FunctionInfo | undefined {
    return this.functions.find(
      (f) => f.range.file === r.file && f.range.start === r.start && f.range.end === r.end,
    );
  }

  /** The constructor of contract `name` whose definition holds source offset `at` of `file`. */
  constructorAt(name: string, file: number, at: number): FunctionInfo | undefined {
    return this.functions.find(
      (f) => f.constructorOf === name && f.range.file === file && at >= f.range.start && at < f.range.end,
    );
  }

  private functionInfo(fn: AstNode, contract: string): FunctionInfo | undefined {
    const range = parseSrc(fn.src);
    if (range === undefined) return undefined;
    const layout = { next: 0 };
    const params = nodes(node(fn.parameters)?.parameters).map((d) => this.declare(d, layout));
    const returns = nodes(node(fn.returnParameters)?.parameters).map((d) => this.declare(d, layout));
    // Modifiers run inline after the return variables are pushed: each one's parameters, then
    // its locals live at its placeholder `_`, lie below the function body's locals.
    const modifiers: FunctionInfo[] = [];
    for (const inv of nodes(fn.modifiers)) {
      const ref = node(inv.modifierName)?.referencedDeclaration;
      const def = typeof ref === 'number' ? this.byId.get(ref) : undefined;
      const defRange = parseSrc(def?.src);
      if (def?.nodeType !== 'ModifierDefinition' || defRange === undefined) continue;
      const mParams = nodes(node(def.parameters)?.parameters).map((d) => this.declare(d, layout));
      const mLocals: StackVariable[] = [];
      const placeholder = this.declareBody(def, layout, mLocals, defRange);
      modifiers.push({
        name: `modifier ${def.name ?? ''}`,
        range: defRange,
        params: mParams,
        returns: [],
        locals: mLocals,
        modifiers: [],
      });
      layout.next = placeholder ?? layout.next;
    }
    const locals: StackVariable[] = [];
    this.declareBody(fn, layout, locals, range);
    const name =
      fn.kind === 'constructor'
        ? 'constructor'
        : fn.name || (typeof fn.kind === 'string' ? fn.kind : 'function');
    return {
      name,
      range,
      params,
      returns,
      locals,
      modifiers,
      ...(fn.kind === 'constructor' ? { constructorOf: contract } : {}),
    };
  }

  private declare(d: AstNode, layout: { next: number }): StackVariable {
    const v = this.variable(d, layout.next);
    layout.next += v.size;
    return v;
  }

  /**
   * Locals of a body: they take the next stack slots in declaration order and a block's slots
   * are freed at its end. Returns the stack height at a modifier's placeholder `_`, if any.
   */
  private declareBody(
    def: AstNode,
    layout: { next: number },
    locals: StackVariable[],
    range: Range,
  ): number | undefined {
    let placeholder: number | undefined;
    const walk = (n: AstNode, scope: Range) => {
      if (n.nodeType === 'VariableDeclarationStatement') {
        const end = parseSrc(n.src)?.end ?? scope.end;
        for (const d of Array.isArray(n.declarations) ? n.declarations : [])
          if (isNode(d)) locals.push({ ...this.declare(d, layout), visibleFrom: end, scope });
        return;
      }
      if (n.nodeType === 'PlaceholderStatement') placeholder ??= layout.next;
      if (n.nodeType === 'FunctionDefinition' || n.nodeType === 'ModifierDefinition') return;
      const opensScope =
        n.nodeType === 'Block' ||
        n.nodeType === 'UncheckedBlock' ||
        n.nodeType === 'ForStatement' ||
        n.nodeType === 'TryCatchClause';
      const saved = layout.next;
      const inner = opensScope ? (parseSrc(n.src) ?? scope) : scope;
      if (n.nodeType === 'TryCatchClause')
        for (const d of nodes(node(n.parameters)?.parameters))
          locals.push({ ...this.declare(d, layout), visibleFrom: inner.start, scope: inner });
      for (const c of children(n)) if (c.nodeType !== 'ParameterList') walk(c, inner);
      if (opensScope) layout.next = saved;
    };
    const body = node(def.body);
    if (body !== undefined) walk(body, parseSrc(body.src) ?? range);
    return placeholder;
  }

  private variable(d: AstNode, index: number): StackVariable {
    const location = LOCATIONS.find((l) => l === d.storageLocation) ?? 'default';
    const type = this.typeOf(d, 0);
    const dynamicCalldata =
      location === 'calldata' &&
      (type.kind === 'bytes' || (type.kind === 'array' && type.length === undefined));
    const externalFn = type.kind === 'other' && / external/.test(type.label);
    return {
      name: d.name || '<unnamed>',
      type,
      location,
      index,
      size: dynamicCalldata || externalFn ? 2 : 1,
    };
  }

  /** The type of a declaration (from its typeName) or of a type-name node. */
  typeOf(n: AstNode, depth: number): SolType {
    const t = node(n.typeName) ?? n;
    const described = typeString(t);
    const declared = typeString(n);
    const label = withoutLocation(described ?? declared ?? t.name ?? '?');
    if (depth > 6) return { kind: 'other', label };
    switch (t.nodeType) {
      case 'ElementaryTypeName':
        if (label === 'string' || label === 'bytes') return { kind: 'bytes', label };
        return { kind: 'value', label: label === 'byte' ? 'bytes1' : label };
      case 'ArrayTypeName': {
        const base = this.typeOf(node(t.baseType) ?? t, depth + 1);
        const m = /\[(\d*)\]$/.exec(label);
        const length = m?.[1] ? Number(m[1]) : undefined;
        return { kind: 'array', label: `${base.label}[${length ?? ''}]`, base, length };
      }
      case 'Mapping':
        return { kind: 'mapping', label };
      case 'UserDefinedTypeName':
      case 'IdentifierPath': {
        const ref =
          typeof t.referencedDeclaration === 'number' ? this.byId.get(t.referencedDeclaration) : undefined;
        if (ref?.nodeType === 'StructDefinition')
          return {
            kind: 'struct',
            label,
            members: nodes(ref.members).map((m) => ({ name: m.name ?? '', type: this.typeOf(m, depth + 1) })),
          };
        if (ref?.nodeType === 'UserDefinedValueTypeDefinition' && isNode(ref.underlyingType))
          return this.typeOf(ref.underlyingType, depth + 1);
        if (ref?.nodeType === 'ContractDefinition')
          return { kind: 'value', label: `contract ${ref.name ?? ''}` };
        return { kind: 'value', label };
      }
      default:
        return { kind: 'other', label };
    }
  }
}
