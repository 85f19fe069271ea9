/**
 * The code base's shape, measured: `npm run structure` prints it, tests/unit/structure.test.ts
 * holds it to the limits docs/architecture.md states.
 *
 * - the import graph of contract/, machines/, src/ and server/ (relative imports, resolved as
 *   the bundler does): its circles, and imports that run from a lower layer into a higher one;
 * - files over their length limit (a machine's file 300 lines, any other source file 400,
 *   message catalogs and page copy excepted);
 * - functions over 80 lines (declarations, expressions, arrows, methods; a function's lines
 *   include the functions inside it, each of which is counted on its own too);
 * - timers in machines/ (they belong in XState `after` delays), `fetch(` in src/ outside the
 *   request helper, and "issue N" in source comments (history lives in git).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Source folders, lowest layer first. A folder may import only itself and the ones its rule names. */
export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  contract: [],
  machines: ['contract'],
  server: ['contract'],
  src: ['contract', 'machines'],
};

export const LIMITS = { machineLines: 300, fileLines: 400, functionLines: 80 } as const;

/** Files whose length is words, not code: the message catalogs and the pages' copy. */
export const isWordsFile = (file: string): boolean =>
  /^src\/i18n\//.test(file) || /^src\/content\//.test(file) || /\/messages\.ts$/.test(file);

const sourceExtensions = ['.ts', '.tsx'];

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (sourceExtensions.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every source file of the layered folders, relative to the root with forward slashes. */
export function sourceFiles(root = ROOT): string[] {
  return Object.keys(LAYERS)
    .flatMap((folder) => listFiles(join(root, folder)))
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
}

const layerOf = (file: string): string => file.split('/')[0]!;

/** A relative specifier resolved as the bundler does (`./x.js` may name `x.ts`), or null. */
function resolveImport(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(join(root, from)), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    ...sourceExtensions.map((ext) => base + ext),
    ...sourceExtensions.map((ext) => join(base, `index${ext}`)),
  ];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return found ? relative(root, found).split('\\').join('/') : null;
}

/**
 * Each file's relative imports that load code: `import type`, `export type` and imports of
 * types only are left out, as they vanish from the build and cannot make a circle at run time;
 * dynamic `import()` counts (it loads a chunk).
 */
export function importGraph(root = ROOT, files = sourceFiles(root)): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const specifiers: string[] = [];
    const walk = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !isTypeOnlyImport(node)) {
        specifiers.push(node.moduleSpecifier.text);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !isTypeOnlyExport(node)) {
        specifiers.push(node.moduleSpecifier.text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
    const targets = specifiers
      .map((specifier) => resolveImport(root, file, specifier))
      .filter((target): target is string => target !== null && /\.(ts|tsx)$/.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

/** Imports that run from a folder into one its rule does not name (e.g. machines/ into src/). */
export function layerViolations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const layer = layerOf(file);
    for (const target of targets) {
      const to = layerOf(target);
      if (to !== layer && !(LAYERS[layer] ?? []).includes(to)) out.push(`${file} -> ${target}`);
    }
  }
  return out;
}

/** The import circles: strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, indexOf.get(next)!));
      }
    }
    if (low.get(file) === indexOf.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return circles;
}

const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Files over their limit, with their length: machines/ 300 lines, the rest 400, catalogs and copy excepted. */
export function longFiles(root = ROOT, files = sourceFiles(root)): { file: string; lines: number; limit: number }[] {
  return files
    .filter((file) => !isWordsFile(file))
    .map((file) => {
      const limit = file.startsWith('machines/') ? LIMITS.machineLines : LIMITS.fileLines;
      return { file, lines: lineCount(readFileSync(join(root, file), 'utf8')), limit };
    })
    .filter(({ lines, limit }) => lines > limit);
}

/** Functions longer than the limit: `file:line name (N lines)`. */
export function longFunctions(root = ROOT, files = sourceFiles(root)): { at: string; lines: number }[] {
  const out: { at: string; lines: number }[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const walk = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > LIMITS.functionLines) out.push({ at: `${file}:${start + 1} ${functionName(node)}`, lines });
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
  }
  return out;
}

function functionName(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name;
  if (named && ts.isIdentifier(named)) return named.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

/** Lines matching `pattern` in the files `which` selects: `file:line`. */
export function linesMatching(pattern: RegExp, which: (file: string) => boolean, root = ROOT, files = sourceFiles(root)): string[] {
  const out: string[] = [];
  for (const file of files.filter(which)) {
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) out.push(`${file}:${i + 1}`);
      });
  }
  return out;
}

export const timersInMachines = (root = ROOT): string[] =>
  linesMatching(/\b(setTimeout|setInterval)\s*\(/, (f) => f.startsWith('machines/'), root);

/** The request helper is the one place the browser calls fetch. */
export const fetchOutsideHelper = (root = ROOT): string[] =>
  linesMatching(/(^|[^.\w])fetch\(|globalThis\.fetch\(/, (f) => f.startsWith('src/') && f !== 'src/api/client.ts', root);

export const issueReferences = (root = ROOT): string[] => linesMatching(/\bissues? #?\d+\b/i, () => true, root);

function main(): void {
  const files = sourceFiles();
  const graph = importGraph(ROOT, files);
  const sections: [string, string[]][] = [
    ['import circles', importCircles(graph).map((c) => c.join(' <-> '))],
    ['imports into a higher layer', layerViolations(graph)],
    ['files over their limit', longFiles(ROOT, files).map((f) => `${f.file} ${f.lines} > ${f.limit}`)],
    [`functions over ${LIMITS.functionLines} lines`, longFunctions(ROOT, files).map((f) => `${f.at} (${f.lines})`)],
    ['timers in machines/', timersInMachines()],
    ['fetch( in src/ outside src/api/client.ts', fetchOutsideHelper()],
    ['"issue N" in source', issueReferences()],
  ];
  console.log(`${files.length} source files`);
  for (const [title, lines] of sections) {
    console.log(`\n${title}: ${lines.length}`);
    for (const line of lines) console.log(`  ${line}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
