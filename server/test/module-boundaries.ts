import { cycles, type ImportEdge, importEdges, sourceFiles } from './import-graph';
import {
  isTableFile,
  isTestSupport,
  moduleOf,
  SCHEMA_FILE,
  TIERS,
  type Tier,
  tierOf,
  type Violation,
} from './server-rooms';
import { crossModuleTableReads, tableWriteViolations } from './table-uses';

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
 *
 * Tables (decision 0066): a module declares the tables it owns in its tables.ts, and only
 * that module writes them (insert, update, delete, or SQL that does). A tables.ts is a room of
 * its own at the platform tier: it imports only drizzle, server/db and other tables.ts (for
 * foreign keys), and only its module, other tables.ts and server/db/schema.ts (which gathers
 * every table for the client and drizzle-kit) import it. Routes (server/http) touch no table:
 * they call the owners' functions. Others read a table through db/schema, and change its rows
 * through the owner's door. Reading another module's table is a dependency on that module,
 * judged as an import is: down the tiers, or across one without closing a cycle.
 */

/** Where the routes live: they read and change records only through the owners' doors. */
const ROUTES_ROOT = 'server/http/';

/** The room an import is judged by: a tables.ts is a platform room of its own. */
function roomOf(root: string, path: string) {
  if (isTableFile(path)) return { name: path, door: path, tier: 'platform' as Tier };
  return { ...moduleOf(root, path), tier: tierOf(path) };
}

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
    if (isTableFile(edge.from) && !isTableFile(edge.to) && !edge.to.startsWith('server/db/')) {
      violations.push({ rule: 'a tables.ts imports more than tables', detail: describe(edge) });
    }
    if (
      isTableFile(edge.to) &&
      !isTableFile(edge.from) &&
      edge.from !== SCHEMA_FILE &&
      moduleOf(root, edge.from).name !== moduleOf(root, edge.to).name
    ) {
      violations.push({
        rule: 'imports another module’s tables (read them through db/schema)',
        detail: describe(edge),
      });
    }
    if (edge.from.startsWith(ROUTES_ROOT) && (edge.to === SCHEMA_FILE || isTableFile(edge.to))) {
      violations.push({
        rule: 'a route reads tables (ask the owner’s functions)',
        detail: describe(edge),
      });
    }
    const from = roomOf(root, edge.from);
    const to = roomOf(root, edge.to);
    if (from.name === to.name) continue;
    moduleEdges.push([from.name, to.name]);
    if (TIERS.indexOf(from.tier) < TIERS.indexOf(to.tier)) {
      violations.push({ rule: 'imports upward', detail: describe(edge) });
    }
    if (to.door === null) {
      violations.push({ rule: 'module without a door (index.ts)', detail: describe(edge) });
    } else if (edge.to !== to.door) {
      violations.push({ rule: 'imports past the door', detail: describe(edge) });
    }
  }
  // Reading another module's table depends on that module as an import does: a read goes
  // down the tiers, or across one without closing a cycle (decision 0066).
  for (const read of crossModuleTableReads(root)) {
    if (TIERS.indexOf(tierOf(`${read.reader}/`)) < TIERS.indexOf(tierOf(`${read.owner}/`))) {
      violations.push({ rule: 'reads upward', detail: `${read.reader} reads ${read.owner}` });
    }
    moduleEdges.push([read.reader, read.owner]);
  }
  for (const group of cycles(moduleEdges)) {
    violations.push({ rule: 'import cycle', detail: group.join(' → ') });
  }
  violations.push(...tableWriteViolations(root, files));
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
