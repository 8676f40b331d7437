import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import {
  cycles,
  type ImportEdge,
  importEdges,
  resolveSpecifier,
  sourceFiles,
} from './import-graph';

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

/** A module's declaration of the tables it owns. */
export const isTableFile = (path: string) => path.endsWith('/tables.ts') && !isTestSupport(path);

/** The file that gathers every table for the Drizzle client and drizzle-kit. */
export const SCHEMA_FILE = 'server/db/schema.ts';
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

export type Table = { name: string; sqlName: string; file: string; owner: string };

/** Every table declared in a tables.ts (`export const x = pgTable('x', …)`), by export name. */
export function declaredTables(root: string, files: string[]): Map<string, Table> {
  const tables = new Map<string, Table>();
  for (const file of files.filter(isTableFile)) {
    const source = parse(root, file);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!init || !ts.isCallExpression(init) || init.expression.getText(source) !== 'pgTable') {
          continue;
        }
        const [nameArg] = init.arguments;
        if (!nameArg || !ts.isStringLiteralLike(nameArg)) continue;
        const name = declaration.name.getText(source);
        tables.set(name, { name, sqlName: nameArg.text, file, owner: moduleOf(root, file).name });
      }
    }
  }
  return tables;
}

export type TableUse = {
  file: string;
  module: string;
  table: Table;
  write: boolean;
  /** Handed on by an export: a door that re-exports a table lets others write it unseen. */
  reexport?: boolean;
};

/**
 * Every use of a table in production code outside the tables files: writes (drizzle's
 * insert/update/delete given the table, SQL text run by sql`…`, execute() or query() that
 * inserts into, updates or deletes from it) and reads (any other mention of an imported
 * table), and re-exports of a table (`export { documents } from './tables'`, or of an
 * imported one), which would hide the table from this walk in their importers. A table
 * handed on through a variable is not followed.
 */
export function tableUses(root: string, files: string[]): TableUse[] {
  const tables = declaredTables(root, files);
  const bySqlName = new Map([...tables.values()].map((t) => [t.sqlName, t]));
  const uses: TableUse[] = [];
  for (const file of files) {
    if (isTestSupport(file) || isTableFile(file) || file === SCHEMA_FILE) continue;
    if (!/\.(ts|tsx|mts)$/.test(file)) continue;
    const source = parse(root, file);
    const module = moduleOf(root, file).name;
    // Local names bound to tables: `import { documents as d }` and `import * as schema`.
    const named = new Map<string, Table>();
    const namespaces = new Set<string>();
    for (const statement of source.statements) {
      if (
        ts.isExportDeclaration(statement) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
      ) {
        const target = resolveSpecifier(root, file, statement.moduleSpecifier.text);
        if (!target || (target !== SCHEMA_FILE && !isTableFile(target))) continue;
        const clause = statement.exportClause;
        const handedOn =
          clause && ts.isNamedExports(clause)
            ? clause.elements.map((e) => tables.get((e.propertyName ?? e.name).text))
            : [...tables.values()].filter((t) => target === SCHEMA_FILE || t.file === target);
        for (const table of handedOn) {
          if (table) uses.push({ file, module, table, write: false, reexport: true });
        }
        continue;
      }
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
        continue;
      }
      const target = resolveSpecifier(root, file, statement.moduleSpecifier.text);
      if (!target || (target !== SCHEMA_FILE && !isTableFile(target))) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings) continue;
      if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      else {
        for (const element of bindings.elements) {
          const table = tables.get((element.propertyName ?? element.name).text);
          if (table) named.set(element.name.text, table);
        }
      }
    }
    const tableOf = (node: ts.Node): Table | undefined => {
      if (ts.isIdentifier(node)) return isNameOnly(node) ? undefined : named.get(node.text);
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        namespaces.has(node.expression.text)
      ) {
        return tables.get(node.name.text);
      }
      return undefined;
    };
    const written = new Set<ts.Node>();
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const [first] = node.arguments;
        const table = first && tableOf(first);
        if (table && ['insert', 'update', 'delete'].includes(method)) {
          uses.push({ file, module, table, write: true });
          written.add(first);
        }
        if (
          ['execute', 'query', 'raw'].includes(method) &&
          first &&
          (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first))
        ) {
          for (const t of sqlWrites(templateText(first), bySqlName)) {
            uses.push({ file, module, table: t, write: true });
          }
        }
      }
      if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
        for (const t of sqlWrites(templateText(node.template), bySqlName)) {
          uses.push({ file, module, table: t, write: true });
        }
        // The table interpolated right after the keyword: sql`delete from ${documents} …`.
        if (ts.isTemplateExpression(node.template)) {
          let before = node.template.head.text;
          for (const span of node.template.templateSpans) {
            const table = SQL_WRITE_BEFORE.test(before) ? tableOf(span.expression) : undefined;
            if (table) {
              uses.push({ file, module, table, write: true });
              written.add(span.expression);
            }
            before = span.literal.text;
          }
        }
      }
      if (written.has(node)) return;
      if (ts.isExportSpecifier(node) && !node.parent.parent.moduleSpecifier) {
        const table = named.get((node.propertyName ?? node.name).text);
        if (table) uses.push({ file, module, table, write: false, reexport: true });
        return;
      }
      if (!isImportPart(node)) {
        const table = tableOf(node);
        if (table) {
          uses.push({ file, module, table, write: false });
          return;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

const SQL_WRITE =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** A string's or template's text, each interpolation as `?`. */
function templateText(node: ts.StringLiteralLike | ts.TemplateExpression) {
  if (!ts.isTemplateExpression(node)) return node.text;
  return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? ');
}

/** SQL text that ends where the written table's name goes. */
const SQL_WRITE_BEFORE = /\b(?:insert\s+into|update|delete\s+from)\s+$/i;

function sqlWrites(text: string, bySqlName: Map<string, Table>): Table[] {
  const found: Table[] = [];
  for (const match of text.matchAll(SQL_WRITE)) {
    const table = bySqlName.get(match[1]!.toLowerCase());
    if (table) found.push(table);
  }
  return found;
}

/** An identifier that names a property or a declaration, not the imported table. */
function isNameOnly(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) {
    return (ts.isPropertyAccessExpression(parent) ? parent.name : parent.right) === node;
  }
  if (ts.isBindingElement(parent)) return parent.propertyName === node || parent.name === node;
  return (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent)) &&
    parent.name === node
  );
}

function isImportPart(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isImportDeclaration(at)) return true;
  }
  return false;
}

function parse(root: string, file: string) {
  return ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
}

/** Production code that writes a table another module owns; a table declared elsewhere. */
export function tableWriteViolations(root: string, files: string[]): Violation[] {
  const violations: Violation[] = [];
  for (const use of tableUses(root, files)) {
    if (use.write && use.module !== use.table.owner) {
      violations.push({
        rule: 'writes another module’s table',
        detail: `${use.file} → ${use.table.sqlName} (owned by ${use.table.owner})`,
      });
    }
    if (use.reexport) {
      violations.push({
        rule: 're-exports a table (others read it through db/schema)',
        detail: `${use.file} → ${use.table.sqlName}`,
      });
    }
  }
  for (const file of files) {
    if (isTestSupport(file) || isTableFile(file) || !/\.(ts|tsx|mts)$/.test(file)) continue;
    if (/\bpgTable\s*\(/.test(readFileSync(join(root, file), 'utf8'))) {
      violations.push({ rule: 'a table declared outside a tables.ts', detail: file });
    }
  }
  return violations;
}

/** Reads of another module's tables, counted per reading module and owner (what is left). */
export function crossModuleTableReads(root: string) {
  const files = sourceFiles(root, 'server').filter((f) => !f.endsWith('.cjs'));
  const pairs = new Map<
    string,
    { reader: string; owner: string; files: Set<string>; uses: number }
  >();
  for (const use of tableUses(root, files)) {
    if (use.write || use.reexport || use.module === use.table.owner) continue;
    const key = `${use.module}→${use.table.owner}`;
    const pair = pairs.get(key) ?? {
      reader: use.module,
      owner: use.table.owner,
      files: new Set(),
      uses: 0,
    };
    pair.files.add(use.file);
    pair.uses += 1;
    pairs.set(key, pair);
  }
  return [...pairs.values()];
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
