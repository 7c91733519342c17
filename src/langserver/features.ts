// Navigation features of the language server: definition, references, hover (signature and
// NatSpec), document symbols, completion (members, keywords, names in scope, import paths) and
// rename across the workspace. All are computed from SolWorkspace (parser-based, no solc), which
// resolves member accesses by the type of the expression before the dot.

import fs from 'node:fs';
import path from 'node:path';
import {
  type CompletionItem,
  CompletionItemKind,
  type Connection,
  type DocumentSymbol,
  type Location,
  type Range,
  ResponseError,
  SymbolKind,
  type TextDocuments,
  type TextEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { SolWorkspace } from './navigation';
import { isDecl } from './resolver';
import type { Decl, DeclKind } from './symbolIndex';
import { importUnitName, fileUnitName, type ProjectContext, unitFile } from './importResolver';

const KEYWORDS = (
  'pragma solidity import from as contract interface library abstract is function modifier event error struct enum ' +
  'mapping constructor fallback receive public private internal external pure view payable constant immutable ' +
  'override virtual memory storage calldata returns return if else for while do break continue emit revert require ' +
  'assert new delete using try catch unchecked assembly true false this super msg block tx abi type'
).split(' ');
const TYPES =
  'address bool string bytes uint256 uint128 uint64 uint32 uint8 uint int256 int bytes32 bytes4'.split(' ');
const SYMBOL_KIND: Record<DeclKind, SymbolKind> = {
  contract: SymbolKind.Class,
  interface: SymbolKind.Interface,
  library: SymbolKind.Module,
  function: SymbolKind.Function,
  constructor: SymbolKind.Constructor,
  modifier: SymbolKind.Method,
  event: SymbolKind.Event,
  error: SymbolKind.Object,
  struct: SymbolKind.Struct,
  enum: SymbolKind.Enum,
  enumValue: SymbolKind.EnumMember,
  stateVar: SymbolKind.Field,
  member: SymbolKind.Field,
  variable: SymbolKind.Variable,
  parameter: SymbolKind.Variable,
  type: SymbolKind.TypeParameter,
};

const COMPLETION_KIND: Record<DeclKind, CompletionItemKind> = {
  contract: CompletionItemKind.Class,
  interface: CompletionItemKind.Interface,
  library: CompletionItemKind.Module,
  function: CompletionItemKind.Function,
  constructor: CompletionItemKind.Constructor,
  error: CompletionItemKind.Struct,
  type: CompletionItemKind.TypeParameter,
  modifier: CompletionItemKind.Method,
  event: CompletionItemKind.Event,
  struct: CompletionItemKind.Struct,
  enum: CompletionItemKind.Enum,
  enumValue: CompletionItemKind.EnumMember,
  stateVar: CompletionItemKind.Field,
  member: CompletionItemKind.Field,
  variable: CompletionItemKind.Variable,
  parameter: CompletionItemKind.Variable,
};

export function registerLanguageFeatures(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  ws: SolWorkspace,
  read: (file: string) => string | undefined,
  toFile: (uri: string) => string,
  uriOf: (file: string) => string,
  contextFor: (file: string) => ProjectContext,
): void {
  const docOf = (file: string) => TextDocument.create(uriOf(file), 'solidity', 0, read(file) ?? '');
  const range = (file: string, start: number, end: number): Range => {
    const d = docOf(file);
    return { start: d.positionAt(start), end: d.positionAt(end) };
  };
  const offset = (uri: string, pos: { line: number; character: number }) =>
    documents.get(uri)?.offsetAt(pos) ?? docOf(toFile(uri)).offsetAt(pos);
  const at = (p: { textDocument: { uri: string }; position: { line: number; character: number } }) => {
    const file = toFile(p.textDocument.uri);
    return { file, decl: ws.declarationAt(file, offset(p.textDocument.uri, p.position)) };
  };
  const openFiles = () => documents.all().map((d) => toFile(d.uri));

  connection.onDefinition((p): Location | null => {
    const { decl } = at(p);
    return decl ? { uri: uriOf(decl.file), range: range(decl.file, decl.nameStart, decl.nameEnd) } : null;
  });

  connection.onReferences((p): Location[] => {
    const { decl } = at(p);
    if (!decl) return [];
    return ws
      .references(decl, openFiles())
      .filter((l) => p.context.includeDeclaration || l.file !== decl.file || l.start !== decl.nameStart)
      .map((l) => ({ uri: uriOf(l.file), range: range(l.file, l.start, l.end) }));
  });

  connection.onHover((p) => {
    const { file, decl } = at(p);
    if (!decl) {
      // `msg.sender`, `arr.length`, `addr.balance`: what the language defines.
      const builtin = ws.builtinAt(file, offset(p.textDocument.uri, p.position));
      return builtin
        ? { contents: { kind: 'markdown', value: `\`\`\`solidity\n${builtin.detail}\n\`\`\`\n*built-in*` } }
        : null;
    }
    const where = decl.container ? `${decl.container}.${decl.name}` : decl.name;
    const doc = decl.doc ? `\n\n${formatNatspec(decl.doc)}` : '';
    return {
      contents: {
        kind: 'markdown',
        value: `\`\`\`solidity\n${decl.signature}\n\`\`\`\n*${decl.kind}* \`${where}\`${doc}`,
      },
    };
  });

  connection.onDocumentSymbol((p): DocumentSymbol[] => {
    const file = toFile(p.textDocument.uri);
    const idx = ws.index(file);
    const symbol = (d: Decl): DocumentSymbol => ({
      name: d.name,
      kind: SYMBOL_KIND[d.kind],
      detail: d.kind === 'function' || d.kind === 'event' ? d.signature : d.typeName,
      range: range(file, d.start, d.end),
      selectionRange: range(file, d.nameStart, d.nameEnd),
      children: d.children.map(symbol),
    });
    return (idx?.topLevel ?? []).map(symbol);
  });

  connection.onPrepareRename((p) => {
    const { decl } = at(p);
    if (!decl || decl.kind === 'constructor') return null;
    refuseInPackage(decl);
    const file = toFile(p.textDocument.uri);
    const idx = ws.index(file);
    const o = offset(p.textDocument.uri, p.position);
    const hit = idx?.decls.find((d) => d.nameStart <= o && o <= d.nameEnd) ?? (idx && ws.refAt(idx, o));
    return hit
      ? {
          range: range(
            file,
            'nameStart' in hit ? hit.nameStart : hit.start,
            'nameEnd' in hit ? hit.nameEnd : hit.end,
          ),
          placeholder: decl.name,
        }
      : null;
  });

  connection.onRenameRequest((p) => {
    if (!/^[A-Za-z_$][\w$]*$/.test(p.newName))
      throw new ResponseError(1, `"${p.newName}" is not a valid Solidity identifier.`);
    const { decl } = at(p);
    if (!decl) return null;
    refuseInPackage(decl);
    const changes: Record<string, TextEdit[]> = {};
    for (const l of ws.references(decl, openFiles()))
      (changes[uriOf(l.file)] ??= []).push({ range: range(l.file, l.start, l.end), newText: p.newName });
    return { changes };
  });

  connection.onCompletion((p): CompletionItem[] => {
    const file = toFile(p.textDocument.uri);
    const text = read(file) ?? '';
    const o = offset(p.textDocument.uri, p.position);
    const line = text.slice(text.lastIndexOf('\n', o - 1) + 1, o);
    const imp = /\bimport\s+(?:[^'"]*\bfrom\s+)?["']([^"']*)$/.exec(line);
    if (imp) return importCompletions(file, imp[1], contextFor(file));
    const dot = /\.\s*[A-Za-z_$]?[\w$]*$/.exec(line);
    if (dot && !/\d\.\s*$/.test(line.slice(0, dot.index + 1))) {
      const members = ws.membersAt(file, text, o - dot[0].length);
      return (members ?? []).map((m) =>
        isDecl(m) ? item(m) : { label: m.name, kind: CompletionItemKind.Property, detail: m.detail },
      );
    }
    const r = ws.resolver();
    const ctx = r.ctx(file, o);
    if (!ctx) return [];
    const names = new Map<string, CompletionItem>();
    const put = (d: Decl) => {
      if (!names.has(d.name) && d.kind !== 'constructor') names.set(d.name, item(d));
    };
    ctx.idx.decls.filter((d) => d.scope && d.scope[0] <= o && o < d.scope[1] && d.nameStart < o).forEach(put);
    const contract = r.enclosingContract(ctx.idx, o);
    if (contract) r.allMembers(contract).forEach(put);
    for (const f of ctx.files) ws.index(f)?.topLevel.forEach(put);
    return [
      ...names.values(),
      ...KEYWORDS.map((label) => ({ label, kind: CompletionItemKind.Keyword })),
      ...TYPES.map((label) => ({ label, kind: CompletionItemKind.TypeParameter })),
    ];
  });
}

/** A declaration inside node_modules belongs to a package: renaming it would edit the package. */
function refuseInPackage(decl: Decl): void {
  if (decl.file.split(/[\\/]/).includes('node_modules'))
    throw new ResponseError(
      1,
      `"${decl.name}" is declared in a package (${decl.file}); rename it there, not from this workspace.`,
    );
}

function item(d: Decl): CompletionItem {
  return {
    label: d.name,
    kind: COMPLETION_KIND[d.kind],
    detail: d.signature,
    documentation: d.doc ? { kind: 'markdown', value: formatNatspec(d.doc) } : undefined,
  };
}

/** NatSpec as markdown: tags in italics, parameter names in code. */
export function formatNatspec(doc: string): string {
  return doc
    .split('\n')
    .map((l) =>
      l
        .replace(/^@param\s+(\S+)/, '*@param* `$1` —')
        .replace(/^@(notice|dev|return|title|author|inheritdoc)\b/, '*@$1*'),
    )
    .join('  \n');
}

/** Folders and .sol files under what has been typed of an import path (relative, remapped or a package). */
function importCompletions(file: string, typed: string, ctx: ProjectContext): CompletionItem[] {
  const dirPart = typed.includes('/') ? typed.slice(0, typed.lastIndexOf('/') + 1) : '';
  let dir: string | undefined;
  if (typed.startsWith('.')) dir = path.resolve(path.dirname(file), dirPart || '.');
  else if (dirPart) {
    const unit = importUnitName(fileUnitName(file, ctx.root), dirPart, ctx.remappings);
    dir = unitFile(unit.replace(/\/$/, ''), ctx.root);
  }
  const items: CompletionItem[] = [];
  if (!dir) {
    // Nothing typed yet (or a bare name): remapping prefixes, packages and ./
    for (const r of ctx.remappings) items.push({ label: r.prefix, kind: CompletionItemKind.Folder });
    for (let d = ctx.root; ; d = path.dirname(d)) {
      const nm = path.join(d, 'node_modules');
      if (fs.existsSync(nm))
        for (const name of fs.readdirSync(nm))
          if (name.startsWith('@')) {
            for (const sub of fs.readdirSync(path.join(nm, name)))
              items.push({ label: `${name}/${sub}/`, kind: CompletionItemKind.Folder });
          } else if (!name.startsWith('.'))
            items.push({ label: `${name}/`, kind: CompletionItemKind.Folder });
      if (path.dirname(d) === d) break;
    }
    items.push({ label: './', kind: CompletionItemKind.Folder });
    return items;
  }
  if (!fs.existsSync(dir)) return [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory())
      items.push({ label: `${e.name}/`, kind: CompletionItemKind.Folder, insertText: `${e.name}/` });
    else if (e.name.endsWith('.sol') && path.join(dir, e.name) !== file)
      items.push({ label: e.name, kind: CompletionItemKind.File });
  }
  return items;
}
