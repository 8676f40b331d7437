import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The same query API over PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

/** Any fixed number: the key of the advisory lock that the migrating process holds. */
const MIGRATION_LOCK_KEY = 4_711_202_612;

/**
 * App instances and workers start together on one PostgreSQL database, and two processes
 * migrating at once both try to create the same tables (the loser fails on a duplicate
 * catalog entry). So each takes a session-level advisory lock first: one migrates, the
 * others wait, then find every migration applied and carry on.
 */
async function migrateExclusively(pool: pg.Pool, migrate: () => Promise<void>) {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}

/** Opens the database and applies the committed migrations before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzleNodePg(pool, { schema });
    await migrateExclusively(pool, () => migrateNodePg(db, { migrationsFolder }));
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (target.dataDir) {
    mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(`${target.dataDir}/pgdata`);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
