import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { loadPg } from '../platform/lazy-modules';
import { EmbeddedDatabase } from './embedded-client';
import * as schema from './schema';

export type Schema = typeof schema;
/** The same query API over PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string, for the one connection a pool cannot lend (LISTEN). */
  url?: string;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

/**
 * PostgreSQL's default 128 MB of shared buffers is written through at start inside
 * PGlite's WebAssembly memory, so the embedded server paid ~120 MiB of resident memory
 * before its first request (issue #12: idle memory ≤ 250 MiB). 16 MB still holds a
 * school's hot rows and indexes; colder pages come back from the operating system's
 * file cache.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens the database and applies the committed migrations before anything else touches it.
 * `onLost` hears if the embedded database's thread stops without being closed.
 */
export async function openDatabase(
  target: DatabaseTarget,
  { onLost }: { onLost?: (error: Error) => void } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // Loaded only here: the embedded default never pays for PostgreSQL's driver (idle memory).
    const [pg, { drizzle: drizzleNodePg }] = await Promise.all([
      loadPg(),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzleNodePg(pool, { schema });
    await migrateOnce(pool);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      url: target.url,
      close: () => pool.end(),
    };
  }
  const dataDir = target.dataDir && `${target.dataDir}/pgdata`;
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const created = dataDir !== undefined && !existsSync(`${dataDir}/PG_VERSION`);
  const open = () => EmbeddedDatabase.open({ dataDir, startParams: EMBEDDED_START_PARAMS, onLost });
  let client = await open();
  // Drizzle's PGlite driver runs unchanged over the thread's PGlite-shaped API.
  await migratePglite(drizzlePglite(client as unknown as PGlite, { schema }), {
    migrationsFolder,
  });
  if (created) {
    // Creating the database (initdb) grows the thread's WebAssembly memory to ~570 MiB,
    // and WebAssembly memory never shrinks: a new installation would hold it until its
    // first restart (issue #12: idle memory). The database is on disk now; a new thread
    // opens it in ~0.5 s and starts small.
    await client.close();
    client = await open();
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/** Any fixed number: the lock that lets one process at a time apply migrations. */
const MIGRATION_LOCK = 74_205_113;

/**
 * Several processes (web instances, workers) may start together on one database: each
 * applies the migrations under an advisory lock, so the first applies them and the
 * others, once it is done, find nothing left to apply.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
