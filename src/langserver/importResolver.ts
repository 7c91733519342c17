// Import resolution as the build tools do it: source unit names relative to the project root
// (the nearest folder with foundry.toml, hardhat.config.*, remappings.txt or package.json),
// relative imports joined to the importing unit's name (solc's rule), Foundry remappings
// (remappings.txt, foundry.toml, then lib/<dep>/src auto-remappings) and packages found in
// node_modules folders up from the project root (Hardhat's rule, e.g. @openzeppelin/contracts).
// No vscode; file access goes through the given reader so unsaved buffers win over disk.

import fs from 'node:fs';
import path from 'node:path';

export interface Remapping {
  context: string;
  prefix: string;
  target: string;
}

export interface ProjectContext {
  root: string;
  remappings: Remapping[];
}

const ROOT_MARKERS = [
  'foundry.toml',
  'hardhat.config.ts',
  'hardhat.config.js',
  'hardhat.config.cjs',
  'hardhat.config.mjs',
  'remappings.txt',
  'truffle-config.js',
  'package.json',
];

/** The project a file belongs to: nearest marker folder, not above the workspace folder holding it. */
export function findProjectRoot(file: string, workspaceFolders: string[]): string {
  const folder = workspaceFolders.filter((w) => isInside(file, w)).sort((a, b) => b.length - a.length)[0] as
    string | undefined;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (ROOT_MARKERS.some((m) => fs.existsSync(path.join(dir, m)))) return dir;
    if (dir === folder || path.dirname(dir) === dir) break;
  }
  return folder ?? path.dirname(file);
}

function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

export function parseRemapping(line: string): Remapping | undefined {
  const m = /^\s*(?:([^:=\s]+):)?([^=\s]+)=(\S*)\s*$/.exec(line);
  return m ? { context: m[1] ?? '', prefix: m[2], target: m[3] } : undefined;
}

/** Remappings of a Foundry project: remappings.txt, then foundry.toml, then lib/ auto-detection. */
export function loadRemappings(root: string): Remapping[] {
  const out: Remapping[] = [];
  const txt = path.join(root, 'remappings.txt');
  if (fs.existsSync(txt))
    for (const line of fs.readFileSync(txt, 'utf8').split(/\r?\n/)) {
      const r = line.trim() && !line.trim().startsWith('#') ? parseRemapping(line) : undefined;
      if (r) out.push(r);
    }
  const toml = path.join(root, 'foundry.toml');
  if (fs.existsSync(toml)) {
    const m = /^\s*remappings\s*=\s*\[([\s\S]*?)\]/m.exec(fs.readFileSync(toml, 'utf8'));
    for (const s of m?.[1].match(/["']([^"']+)["']/g) ?? []) {
      const r = parseRemapping(s.slice(1, -1));
      if (r && !out.some((o) => o.prefix === r.prefix && o.context === r.context)) out.push(r);
    }
  }
  const lib = path.join(root, 'lib');
  if (fs.existsSync(path.join(root, 'foundry.toml')) && fs.existsSync(lib))
    for (const dep of fs.readdirSync(lib)) {
      const prefix = `${dep}/`;
      if (out.some((o) => o.prefix === prefix)) continue;
      const src = path.join(lib, dep, 'src');
      out.push({ context: '', prefix, target: fs.existsSync(src) ? `lib/${dep}/src/` : `lib/${dep}/` });
    }
  return out;
}

export function projectContext(file: string, workspaceFolders: string[]): ProjectContext {
  const root = findProjectRoot(file, workspaceFolders);
  return { root, remappings: loadRemappings(root) };
}

/** The source unit name solc gives an import written in `fromUnit`. */
export function importUnitName(fromUnit: string, importPath: string, remappings: Remapping[]): string {
  let unit = importPath;
  if (importPath.startsWith('./') || importPath.startsWith('../')) {
    const parts = fromUnit.split('/').slice(0, -1);
    for (const p of importPath.split('/')) {
      if (p === '.' || p === '') continue;
      if (p === '..') parts.pop();
      else parts.push(p);
    }
    unit = parts.join('/');
  }
  // The longest matching prefix wins; a remapping with a context applies only inside it.
  let best: Remapping | undefined;
  for (const r of remappings)
    if (unit.startsWith(r.prefix) && (!r.context || fromUnit.startsWith(r.context)))
      if (!best || r.prefix.length > best.prefix.length) best = r;
  return best ? best.target + unit.slice(best.prefix.length) : unit;
}

/** The file behind a unit name: inside the project, else in a node_modules folder up the tree. */
export function unitFile(unit: string, root: string): string | undefined {
  const inProject = path.resolve(root, unit);
  if (fs.existsSync(inProject)) return inProject;
  if (path.isAbsolute(unit) && fs.existsSync(unit)) return unit;
  for (let dir = root; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', unit);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The unit name of a file: root-relative with forward slashes, or its node_modules package path. */
export function fileUnitName(file: string, root: string): string {
  const nm = file.split(path.sep).lastIndexOf('node_modules');
  if (nm >= 0)
    return file
      .split(path.sep)
      .slice(nm + 1)
      .join('/');
  const rel = path.relative(root, file);
  return rel.startsWith('..') ? file.split(path.sep).join('/') : rel.split(path.sep).join('/');
}

export interface ImportStatement {
  path: string;
  /** Character offsets of the quoted path (without quotes). */
  start: number;
  end: number;
}

/** Import statements of a source, comments ignored. */
export function importStatements(source: string): ImportStatement[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, (m) => ' '.repeat(m.length));
  const re = /\bimport\s+(?:[^'";]*?\s+from\s+)?(["'])([^"']+)\1/g;
  const out: ImportStatement[] = [];
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const start = m.index + m[0].length - m[2].length - 1;
    out.push({ path: m[2], start, end: start + m[2].length });
  }
  return out;
}

export interface SourceClosure {
  /** Unit name → content. */
  sources: Record<string, string>;
  /** Unit name → absolute file. */
  files: Map<string, string>;
  /** Imports that resolve to no file: unit name the import asked for → the reason. */
  missing: Map<string, string>;
}

/** The file and everything it imports, transitively; `read` returns unsaved buffers first. */
export function collectSources(
  file: string,
  ctx: ProjectContext,
  read: (file: string) => string | undefined,
): SourceClosure {
  const closure: SourceClosure = { sources: {}, files: new Map(), missing: new Map() };
  const queue: [unit: string, file: string][] = [[fileUnitName(file, ctx.root), file]];
  while (queue.length) {
    const [unit, f] = queue.shift()!;
    if (closure.files.has(unit)) continue;
    const text = read(f);
    if (text === undefined) {
      closure.missing.set(unit, `cannot read ${f}`);
      continue;
    }
    closure.files.set(unit, f);
    closure.sources[unit] = text;
    for (const imp of importStatements(text)) {
      const target = importUnitName(unit, imp.path, ctx.remappings);
      if (closure.files.has(target) || closure.missing.has(target)) continue;
      const targetFile = unitFile(target, ctx.root);
      if (targetFile) queue.push([target, targetFile]);
      else
        closure.missing.set(
          target,
          `"${imp.path}" was not found in ${ctx.root}, its node_modules folders or the remappings (remappings.txt, foundry.toml).`,
        );
    }
  }
  return closure;
}
