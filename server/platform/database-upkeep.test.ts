import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../background';
import { startTestApp, type TestApp } from '../test/harness';
import { embeddedDatabaseUpkeepTask } from './database-upkeep';

type TableStats = { dead: number; analysed: boolean; vacuumed: boolean };

async function statsOf(t: TestApp, table: string): Promise<TableStats> {
  // Counters reach pg_stat at most once a second unless flushed.
  await t.ctx.db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await t.ctx.db.execute(
    sql`select n_dead_tup::int as dead, last_analyze is not null as analysed,
               last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = ${table}`,
  );
  return (result as unknown as { rows: TableStats[] }).rows[0]!;
}

describe('embedded database upkeep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('clears dead rows and gives the planner statistics', async () => {
    const { db } = t.ctx;
    await db.execute(sql`create table upkeep_probe (id serial primary key, owner int, note text)`);
    await db.execute(sql`create index upkeep_probe_owner on upkeep_probe (owner, id)`);
    await db.execute(
      sql`insert into upkeep_probe (owner, note) select i % 50, repeat('x', 200) from generate_series(1, 5000) i`,
    );
    await db.execute(sql`delete from upkeep_probe where id % 2 = 0`);
    const rowsEstimate = async () =>
      (
        (await db.execute(
          sql`select reltuples::int as n from pg_class where relname = 'upkeep_probe'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    // Without statistics the planner guesses at a table it has never measured (-1).
    expect(await rowsEstimate()).toBe(-1);
    const before = await statsOf(t, 'upkeep_probe');
    expect(before).toMatchObject({ analysed: false, vacuumed: false });
    expect(before.dead).toBe(2500);

    await embeddedDatabaseUpkeepTask(db, t.ctx.log).run();

    expect(await statsOf(t, 'upkeep_probe')).toEqual({ dead: 0, analysed: true, vacuumed: true });
    expect(await rowsEstimate()).toBe(2500);
  });

  it('is part of the periodic work on the embedded database only', () => {
    const names = (scheduler: ReturnType<typeof createScheduler>) => [
      ...(scheduler as unknown as { tasks: Map<string, unknown> }).tasks.keys(),
    ];
    expect(names(createScheduler(t.ctx))).toContain('embedded-database-upkeep');
    const onPostgres = { ...t.ctx, config: { ...t.ctx.config, databaseUrl: 'postgres://x/y' } };
    expect(names(createScheduler(onPostgres))).not.toContain('embedded-database-upkeep');
  });
});
