import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testBackends } from '../test/harness';

/*
 * Deleting a row makes PostgreSQL find every row that refers to it (to cascade or to set
 * null) with a query on the referencing column. Without an index that query reads the
 * whole table, once per deleted row: on a district's 5,000,000 feedback items, each hand-in
 * deleted read them all (bench/district.bench.ts). So every foreign key gets an index that
 * starts with its column.
 */
describe.each(testBackends())('foreign keys on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('each have an index on the referencing column', async () => {
    const result = await t.ctx.db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1, 2`);
    const rows = (result as unknown as { rows: unknown[] }).rows ?? result;
    expect(rows).toEqual([]);
  });
});
