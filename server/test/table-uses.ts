import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { resolveSpecifier, sourceFiles } from './import-graph';
import { isTableFile, isTestSupport, moduleOf, SCHEMA_FILE, type Violation } from './server-rooms';

/*
 * Where production code writes and reads tables (decision 0066), for the boundary checks in
 * module-boundaries.ts: a table is written only by the module that owns it, and a read of
 * another module's table is a dependency on that module.
 */

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
