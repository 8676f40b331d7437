import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { FILE_REFERENCES } from './file-references';

/*
 * Housekeeping deletes a stored file no column of FILE_REFERENCES names a day after its
 * upload, and a deleted feedback item or profile takes its files along unless another row
 * still names them. A column that points at files but is missing from the list would have
 * its files deleted under it: so the list is every foreign key to files, as the database has them.
 */
describe.each(testBackends())('the columns that name a stored file on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('are every foreign key to files', async () => {
    const result = await t.ctx.db.execute(sql`
      select c.conrelid::regclass::text || '.' || a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f'
        and c.connamespace = 'public'::regnamespace
        and c.confrelid = 'files'::regclass
      order by 1`);
    const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as {
      column: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    const listed = FILE_REFERENCES.map((column) => `${getTableName(column.table)}.${column.name}`);
    expect(listed.sort()).toEqual(rows.map((row) => row.column).sort());
  });
});
