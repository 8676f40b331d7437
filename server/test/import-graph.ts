import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/*
 * The tree's imports, read with TypeScript's own pre-processor (static imports, re-exports,
 * dynamic import() and require), resolved to files. The boundary tests judge them.
 */

export type ImportEdge = {
  /** Repository-relative paths. */
  from: string;
  to: string;
  /** As written. */
  specifier: string;
};

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mjs', '.js', '.cjs', '/index.ts', '/index.tsx'];

export function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'migrations' || name === 'fixtures') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts')) {
        found.push(relative(root, path));
      }
    }
  };
  walk(join(root, folder));
  return found.sort();
}

/** Path aliases the web and tests use (tsconfig `paths`). */
const ALIASES: [string, string][] = [
  ['@contract/', 'contract/'],
  ['@web/', 'web/'],
];

export function resolveSpecifier(root: string, fromFile: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = resolve(root, dirname(fromFile), specifier);
  for (const [alias, folder] of ALIASES) {
    if (specifier.startsWith(alias)) base = join(root, folder, specifier.slice(alias.length));
  }
  if (!base) return null;
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return null;
}

/** Every import between files of the repository, from the given files. */
export function importEdges(root: string, files: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = readFileSync(join(root, from), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    for (const imported of info.importedFiles) {
      const to = resolveSpecifier(root, from, imported.fileName);
      if (to) edges.push({ from, to, specifier: imported.fileName });
    }
  }
  return edges;
}

/** Strongly connected groups of more than one node (each is an import cycle). */
export function cycles(edges: [string, string][]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const [a, b] of edges) {
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    graph.get(a)!.add(b);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
