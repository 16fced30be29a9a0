/**
 * Finds import cycles among the repository's TypeScript modules, type-only imports included: a
 * cycle of types still ties two modules together, and the next value import along it would make
 * the load order matter. `import`, `export … from`, a lazy `import('./x')` and a type's
 * `import('./x').T` all count. Run `npx tsx scripts/import-cycles.ts` to list them;
 * test/unit/import-cycles.test.ts (in `npm test`) fails on any.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The folders whose modules form the app, its server and their tests. */
const SOURCE_DIRS = ['src', 'machines', 'server', 'scripts', 'test', 'e2e', 'bench', 'eslint'];
const SKIPPED = new Set(['node_modules', 'dist', '.data', 'test-results']);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function modulesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modulesUnder(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names: as written, with an extension, or a folder's index; `.js` may name a `.ts` file. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...(/\.m?js$/.test(base) ? ['.ts', '.tsx', '.mts'].map((ext) => base.replace(/\.m?js$/, ext)) : []),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return (
    candidates.find(
      (path) => existsSync(path) && statSync(path).isFile() && EXTENSIONS.some((ext) => path.endsWith(ext)),
    ) ?? null
  );
}

/** The modules a file imports (values and types, at load or lazily). */
function importsOfFile(path: string, text = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    false,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      specifiers.push(statement.moduleReference.expression.text);
    }
  }
  // `import('./x')` anywhere in the file: a lazy module still depends on the one that loads it.
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .map((specifier) => resolveSpecifier(path, specifier))
    .filter((resolved): resolved is string => resolved !== null);
}

/** Each cycle (a strongly connected group of more than one module, or one importing itself), as paths from the root, one closed walk each. */
export function importCycles(files: string[], importsOf: (path: string) => string[] = importsOfFile): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  // Tarjan's strongly connected components, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || targets.includes(frame.node)) groups.push(group);
      }
    }
  }
  return groups.map((group) => closedWalk(group, graph));
}

/** One walk through every module of a group back to its first one, for a readable message. */
function closedWalk(group: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(group);
  const first = [...group].sort()[0]!;
  // Shortest way back to the first module from each step, by breadth-first search inside the group.
  const previous = new Map<string, string>();
  const queue = [first];
  const seen = new Set([first]);
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (target === first) {
        const walk = [node];
        while (walk[0] !== first) walk.unshift(previous.get(walk[0]!)!);
        return [...walk, first].map((path) => relative(ROOT, path));
      }
      if (members.has(target) && !seen.has(target)) {
        seen.add(target);
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...group, first].map((path) => relative(ROOT, path));
}

export function repositoryImportCycles(root = ROOT): string[][] {
  return importCycles(SOURCE_DIRS.flatMap((dir) => modulesUnder(join(root, dir))));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = repositoryImportCycles();
  for (const cycle of cycles) console.log(cycle.join(' → '));
  console.log(`${cycles.length} import cycle(s).`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
