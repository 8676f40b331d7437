import { existsSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { loadPg } from '../platform/lazy-modules';
import { EmbeddedDatabase } from './embedded-client';
import { createPool, type DatabaseLog, untilDatabaseAnswers } from './postgres-pool';
import * as schema from './schema';
import {
  MIGRATIONS_FOLDER,
  readSchemaVersion,
  SchemaMigrationsSkippedError,
  SchemaNewerThanBuildError,
} from './schema-version';

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
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

const migrationsFolder = MIGRATIONS_FOLDER;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

/**
 * PostgreSQL's default 128 MB of shared buffers is written through at start inside
 * PGlite's WebAssembly memory, so the embedded server paid ~120 MiB of resident memory
 * before its first request (the goal of decision 0032: ≤ 250 MiB idle). 16 MB still holds a
 * school's hot rows and indexes; colder pages come back from the operating system's
 * file cache.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export type OpenOptions = {
  /** Hears if the embedded database's thread stops without being closed. */
  onLost?: (error: Error) => void;
  /** Where start-up says what it waits for and which migrations it applied. */
  log?: DatabaseLog;
  /** false: open without migrating (`npm run migrate -- status`). */
  migrate?: boolean;
  /** false: fail at once when PostgreSQL cannot be reached instead of waiting for it. */
  waitForDatabase?: boolean;
};

/**
 * Opens the database and applies the committed migrations before anything else touches it.
 * PostgreSQL that cannot be reached is waited for, with back-off, for as long as it takes.
 * A database whose schema is newer than this build is refused (SchemaNewerThanBuildError).
 */
export async function openDatabase(
  target: DatabaseTarget,
  { onLost, log, migrate = true, waitForDatabase = true }: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // Loaded only here: the embedded default never pays for PostgreSQL's driver (idle memory).
    const [pg, { drizzle: drizzleNodePg }] = await Promise.all([
      loadPg(),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = createPool(pg, target.url, log);
    const db = drizzleNodePg(pool, { schema });
    const ready = async () => {
      if (migrate) await migrateOnce(pool, log);
      else await pool.query('select 1');
    };
    try {
      await (waitForDatabase ? untilDatabaseAnswers(ready, log, 'Opening PostgreSQL') : ready());
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      url: target.url,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = target.dataDir && `${target.dataDir}/pgdata`;
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const created = dataDir !== undefined && !existsSync(`${dataDir}/PG_VERSION`);
  const open = () => EmbeddedDatabase.open({ dataDir, startParams: EMBEDDED_START_PARAMS, onLost });
  let client = await open();
  // Drizzle's PGlite driver runs unchanged over the thread's PGlite-shaped API.
  const embedded = drizzlePglite(client as unknown as PGlite, { schema });
  if (migrate) {
    await migrateLogged(embedded, () => migratePglite(embedded, { migrationsFolder }), log).catch(
      async (error: unknown) => {
        await client.close();
        throw error;
      },
    );
  }
  if (created) {
    // Creating the database (initdb) grows the thread's WebAssembly memory to ~570 MiB,
    // and WebAssembly memory never shrinks: a new installation would hold it until its
    // first restart (decision 0038). The database is on disk now; a new thread
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
async function migrateOnce(pool: pg.Pool, log: DatabaseLog | undefined): Promise<void> {
  const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const db = drizzleNodePg(client, { schema });
      await migrateLogged(db, () => migrateNodePg(db, { migrationsFolder }), log);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // A connection that failed goes, rather than back into the pool.
    client.release(failure instanceof Error ? failure : undefined);
  }
}

/**
 * Applies the pending migrations with a log line for each, or one line saying there were
 * none. Refuses a database that has migrations this build does not know: this build's
 * queries were written for an older schema.
 */
async function migrateLogged(
  db: Parameters<typeof readSchemaVersion>[0],
  apply: () => Promise<void>,
  log: DatabaseLog | undefined,
): Promise<void> {
  const before = await readSchemaVersion(db);
  if (before.unknown > 0) throw new SchemaNewerThanBuildError(before);
  if (before.skipped.length > 0) throw new SchemaMigrationsSkippedError(before);
  if (before.pending.length === 0) {
    log?.info(`Database schema up to date (${before.applied.length} migrations applied)`);
    return;
  }
  const started = Date.now();
  await apply();
  before.pending.forEach((migration, i) => {
    log?.info(`Applied migration ${migration.tag} (${i + 1} of ${before.pending.length})`);
  });
  log?.info(
    `Database schema migrated in ${Date.now() - started} ms (${before.known.length} migrations)`,
  );
}
