import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { serverBoundaryViolations } from './test/module-boundaries';
import { crossModuleTableReads } from './test/table-uses';
import { webBoundaryViolations } from './test/web-boundaries';

/*
 * The rooms and their doors (docs/architecture.md, decision 0051) hold because this test
 * reads every import in the tree. The checker is itself tested on small made-up trees, so a
 * clean answer on the real tree means the rules were applied, not that nothing was read.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the real tree', () => {
  it('keeps the server’s tiers, doors and acyclic module graph', () => {
    const { violations, moduleEdges } = serverBoundaryViolations(root);
    expect(violations).toEqual([]);
    // The walk found the modules it judges (≈500 edges between them today).
    expect(moduleEdges.length).toBeGreaterThan(200);
  });

  it('finds the tables and who reads another module’s (what is left to move behind doors)', () => {
    // Writes are judged above (no table written outside its owner), and so are reads: each is
    // a dependency on the owner, down the tiers and without a cycle. The walk found them:
    // ≈57 reader → owner pairs today.
    expect(crossModuleTableReads(root).length).toBeGreaterThan(20);
  });

  it('keeps the web client’s features apart and entered by their doors', () => {
    expect(webBoundaryViolations(root)).toEqual([]);
  });
});

describe('the checker', () => {
  let tree: string;
  const write = (files: Record<string, string>) => {
    tree = mkdtempSync(join(tmpdir(), 'boundaries-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(tree, dirname(path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
  };
  afterEach(() => rmSync(tree, { recursive: true, force: true }));

  it('reports upward imports, imports past a door, cycles and test support in production', () => {
    write({
      'server/platform/files/index.ts':
        "import { a } from '../../records/notes';\nexport const f = a;",
      'server/records/notes/index.ts': "export { a } from './inner';",
      'server/records/notes/inner.ts': "import { b } from '../pins';\nexport const a = b;",
      'server/records/pins/index.ts': "import { a } from '../notes/inner';\nexport const b = 1;",
      'server/records/pins/fake.test-support.ts': 'export const fake = 1;',
      'server/work/report/index.ts': "import { fake } from '../../records/pins/fake.test-support';",
      'server/work/report/report.test.ts': "import { a } from '../../records/notes/inner';",
    });
    const rules = serverBoundaryViolations(tree).violations.map((v) => `${v.rule}: ${v.detail}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        'imports upward: server/platform/files/index.ts → server/records/notes/index.ts',
        'imports past the door: server/records/pins/index.ts → server/records/notes/inner.ts',
        'import cycle: server/records/notes → server/records/pins',
        'production imports test support: server/work/report/index.ts → server/records/pins/fake.test-support.ts',
      ]),
    );
    // A test may reach inside any module.
    expect(rules.some((rule) => rule.includes('report.test.ts'))).toBe(false);
  });

  it('reports a table written outside its owner, and tables imported past db/schema', () => {
    const table = (name: string, sqlName: string) =>
      `export const ${name} = pgTable('${sqlName}', { id: serial('id') });\n`;
    write({
      'server/db/columns.ts': 'export const createdAt = () => 1;',
      'server/db/schema.ts':
        "export { notes } from '../records/notes/tables';\nexport { pins } from '../records/pins/tables';",
      'server/records/notes/tables.ts':
        "import { pgTable, serial } from 'drizzle-orm/pg-core';\nimport { createdAt } from '../../db/columns';\n" +
        table('notes', 'notes'),
      'server/records/notes/index.ts': "export { addNote } from './service';",
      // The owner writes its own table: allowed.
      'server/records/notes/service.ts':
        "import { notes } from './tables';\nexport const addNote = (db) => db.insert(notes).values({});",
      'server/records/pins/tables.ts':
        "import { pgTable, serial } from 'drizzle-orm/pg-core';\nimport { notes } from '../notes/tables';\nimport { addNote } from '../notes';\n" +
        table('pins', 'pins'),
      'server/records/pins/index.ts': "export { pins } from './tables';",
      // Another module: a read is allowed; drizzle writes, aliased or through the gatherer's
      // namespace, and SQL text that writes, are not.
      'server/work/tidy/index.ts': [
        "import { sql } from 'drizzle-orm';",
        "import * as schema from '../../db/schema';",
        "import { notes as n, pins } from '../../db/schema';",
        'export const read = (db) => db.select().from(n);',
        'export const a = (db) => db.update(n).set({});',
        'export const b = (tx) => tx.delete(schema.pins);',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the made-up file's own template
        'export const c = (db) => db.execute(sql`DELETE FROM notes WHERE id = ${1}`);',
        'export const d = (client) => client.query(`insert into "pins" (id) values (1)`);',
        'export const e = pins;',
        // The table named by interpolation, or in sql.raw's text: writes too.
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the made-up file's own template
        'export const g = (db) => db.execute(sql`update ${n} set id = 2`);',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the made-up file's own template
        'export const h = (tx) => tx.execute(sql`DELETE FROM ${schema.pins} WHERE id = ${1}`);',
        "export const i = (db) => db.execute(sql.raw('insert into notes (id) values (1)'));",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the made-up file's own template
        'export const k = (client) => client.query(`DELETE FROM pins WHERE id = ${1}`);',
        // A table interpolated into a read is a read.
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the made-up file's own template
        'export const j = (db) => db.execute(sql`select id from ${n}`);',
      ].join('\n'),
      'server/work/relay/index.ts':
        "import { notes as n } from '../../db/schema';\nexport { n as notes };\nexport * from '../../records/pins/tables';",
      'server/work/peek/index.ts':
        "import { notes } from '../../records/notes/tables';\nexport const f = (db) => db.select().from(notes);",
      'server/platform/bad.ts':
        "import { pgTable } from 'drizzle-orm/pg-core';\nexport const stray = pgTable('stray', {});",
      // A route reads no table, not even through the gatherer; it asks the owner.
      'server/http/notes/routes.ts':
        "import { notes } from '../../db/schema';\nexport const list = (db) => db.select().from(notes);",
      'server/http/notes/index.ts': "export { list } from './routes';",
      // Test support may write anything.
      'server/work/tidy/tidy.test.ts':
        "import { notes } from '../../db/schema';\nexport const t = (db) => db.delete(notes);",
    });
    const rules = serverBoundaryViolations(tree).violations.map((v) => `${v.rule}: ${v.detail}`);
    expect(rules.sort()).toEqual(
      [
        'a table declared outside a tables.ts: server/platform/bad.ts',
        'a tables.ts imports more than tables: server/records/pins/tables.ts → server/records/notes/index.ts',
        'imports another module’s tables (read them through db/schema): server/work/peek/index.ts → server/records/notes/tables.ts',
        'imports upward: server/records/pins/tables.ts → server/records/notes/index.ts',
        'writes another module’s table: server/work/tidy/index.ts → notes (owned by server/records/notes)',
        'writes another module’s table: server/work/tidy/index.ts → notes (owned by server/records/notes)',
        'writes another module’s table: server/work/tidy/index.ts → pins (owned by server/records/pins)',
        'writes another module’s table: server/work/tidy/index.ts → pins (owned by server/records/pins)',
        'writes another module’s table: server/work/tidy/index.ts → notes (owned by server/records/notes)',
        'writes another module’s table: server/work/tidy/index.ts → pins (owned by server/records/pins)',
        'writes another module’s table: server/work/tidy/index.ts → notes (owned by server/records/notes)',
        'writes another module’s table: server/work/tidy/index.ts → pins (owned by server/records/pins)',
        're-exports a table (others read it through db/schema): server/records/pins/index.ts → pins',
        're-exports a table (others read it through db/schema): server/work/relay/index.ts → notes',
        're-exports a table (others read it through db/schema): server/work/relay/index.ts → pins',
        'imports another module’s tables (read them through db/schema): server/work/relay/index.ts → server/records/pins/tables.ts',
        'a route reads tables (ask the owner’s functions): server/http/notes/routes.ts → server/db/schema.ts',
      ].sort(),
    );
    const reads = crossModuleTableReads(tree).map((r) => `${r.reader} reads ${r.owner}: ${r.uses}`);
    expect(reads.sort()).toEqual([
      'server/http/notes reads server/records/notes: 1',
      'server/work/peek reads server/records/notes: 1',
      'server/work/tidy reads server/records/notes: 2',
      'server/work/tidy reads server/records/pins: 1',
    ]);
  });

  it('judges a read of another module’s table as a dependency: never upward, never a cycle', () => {
    const table = (name: string) =>
      `import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const ${name} = pgTable('${name}', { id: serial('id') });\n`;
    write({
      'server/db/schema.ts':
        "export { notes } from '../records/notes/tables';\nexport { pins } from '../records/pins/tables';",
      'server/records/notes/tables.ts': table('notes'),
      // notes reads pins' table, and pins imports notes: together, a cycle.
      'server/records/notes/index.ts':
        "import { pins } from '../../db/schema';\nexport const pinned = (db) => db.select().from(pins);",
      'server/records/pins/tables.ts': table('pins'),
      'server/records/pins/index.ts':
        "import { pinned } from '../notes';\nexport const p = pinned;",
      // A platform part reading a record's table reads upward.
      'server/platform/peek.ts':
        "import { notes } from '../db/schema';\nexport const peek = (db) => db.select().from(notes);",
      // Work reading records reads down: allowed.
      'server/work/digest/index.ts':
        "import { notes } from '../../db/schema';\nexport const all = (db) => db.select().from(notes);",
    });
    const rules = serverBoundaryViolations(tree).violations.map((v) => `${v.rule}: ${v.detail}`);
    expect(rules.sort()).toEqual(
      [
        'reads upward: server/platform/peek reads server/records/notes',
        'import cycle: server/records/notes → server/records/pins',
      ].sort(),
    );
  });

  it('reports a feature that imports another, shared code that imports a feature, and the app past a door', () => {
    write({
      'web/features/notes/index.ts': "export const loadNotesPage = () => import('./notes-page');",
      'web/features/notes/notes-page.tsx':
        "import { Pin } from '../pins/pin';\nexport default Pin;",
      'web/features/pins/index.ts': 'export {};',
      'web/features/pins/pin.tsx':
        "import { shell } from '@web/app/shell';\nexport const Pin = shell;",
      'web/app/shell.tsx':
        "import { Pin } from '@web/features/pins/pin';\nexport const shell = Pin;",
      'web/components/button.tsx':
        "import { Pin } from '@web/features/pins/pin';\nexport const B = Pin;",
    });
    const rules = webBoundaryViolations(tree).map((v) => `${v.rule}: ${v.detail}`);
    expect(rules.sort()).toEqual(
      [
        'a feature imports another feature: web/features/notes/notes-page.tsx → web/features/pins/pin.tsx',
        'a feature imports the app: web/features/pins/pin.tsx → web/app/shell.tsx',
        'shared code imports the feature: web/components/button.tsx → web/features/pins/pin.tsx',
        'the app imports past a feature’s door: web/app/shell.tsx → web/features/pins/pin.tsx',
      ].sort(),
    );
  });
});
