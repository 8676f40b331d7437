import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cycles, type ImportEdge, importEdges, sourceFiles } from './import-graph';

/*
 * The server's rooms and who may import what (docs/architecture.md draws it):
 *
 *   entry    server/http/<area>, server/ops, the process files in server/   routes, CLIs
 *   work     server/work/<module>                                           jobs, exports, …
 *   records  server/records/<module>                                        what teachers own
 *   engines  server/ai/<engine>                                             offline AI engines
 *   platform server/platform/<part>, server/db                              database, files, …
 *
 * A module is a first-level folder of its tier (its door is its index.ts) or a single file
 * of a tier's root. An import goes to a lower tier, or across the same tier without forming
 * a cycle; into another module, only through its door. Test support (server/test, *.test.ts,
 * *.test-support.ts, test/ folders) may import anything; nothing else may import it.
 */

export const TIERS = ['platform', 'engines', 'records', 'work', 'entry'] as const;
export type Tier = (typeof TIERS)[number];

const TIER_ROOTS: [string, Tier][] = [
  ['server/platform/', 'platform'],
  ['server/db/', 'platform'],
  ['server/ai/', 'engines'],
  ['server/records/', 'records'],
  ['server/work/', 'work'],
  ['server/http/', 'entry'],
  ['server/ops/', 'entry'],
  ['server/', 'entry'],
];

export function isTestSupport(path: string): boolean {
  return (
    path.startsWith('server/test/') ||
    /\.test(-support)?\.tsx?$/.test(path) ||
    /\/test\//.test(path) ||
    /\.test-support\.tsx?$/.test(path)
  );
}

export function tierOf(path: string): Tier {
  for (const [root, tier] of TIER_ROOTS) if (path.startsWith(root)) return tier;
  throw new Error(`${path} is in no tier`);
}

/** The module a file belongs to, and the file others must import it through. */
export function moduleOf(root: string, path: string): { name: string; door: string | null } {
  for (const [tierRoot] of TIER_ROOTS) {
    if (!path.startsWith(tierRoot)) continue;
    const rest = path.slice(tierRoot.length);
    const slash = rest.indexOf('/');
    if (slash === -1) return { name: path.replace(/\.[^.]+$/, ''), door: path };
    const folder = tierRoot + rest.slice(0, slash);
    const door = ['index.ts', 'index.tsx']
      .map((f) => `${folder}/${f}`)
      .find((f) => existsSync(join(root, f)));
    return { name: folder, door: door ?? null };
  }
  throw new Error(`${path} is in no module`);
}

export type Violation = { rule: string; detail: string };

export function serverBoundaryViolations(root: string) {
  const files = sourceFiles(root, 'server').filter((f) => !f.endsWith('.cjs'));
  const edges = importEdges(root, files).filter((e) => e.to.startsWith('server/'));
  const violations: Violation[] = [];
  const moduleEdges: [string, string][] = [];
  for (const edge of edges) {
    const fromTest = isTestSupport(edge.from);
    if (!fromTest && isTestSupport(edge.to)) {
      violations.push({ rule: 'production imports test support', detail: describe(edge) });
      continue;
    }
    if (fromTest) continue;
    const from = moduleOf(root, edge.from);
    const to = moduleOf(root, edge.to);
    if (from.name === to.name) continue;
    moduleEdges.push([from.name, to.name]);
    if (TIERS.indexOf(tierOf(edge.from)) < TIERS.indexOf(tierOf(edge.to))) {
      violations.push({ rule: 'imports upward', detail: describe(edge) });
    }
    if (to.door === null) {
      violations.push({ rule: 'module without a door (index.ts)', detail: describe(edge) });
    } else if (edge.to !== to.door) {
      violations.push({ rule: 'imports past the door', detail: describe(edge) });
    }
  }
  for (const group of cycles(moduleEdges)) {
    violations.push({ rule: 'import cycle', detail: group.join(' → ') });
  }
  return { violations, moduleEdges: dedupe(moduleEdges) };
}

const describe = (edge: ImportEdge) => `${edge.from} → ${edge.to}`;

function dedupe(edges: [string, string][]): [string, string][] {
  const seen = new Set<string>();
  return edges.filter(([a, b]) => {
    const key = `${a}→${b}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
