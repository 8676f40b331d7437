import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** One migration this build carries: its file's name and the time drizzle-kit made it. */
export type KnownMigration = { tag: string; createdAt: number };

export type SchemaVersion = {
  known: KnownMigration[];
  /** The created-at times of the migrations the database has applied, oldest first. */
  applied: number[];
  /** Migrations of this build the database lacks: applied at the next start. */
  pending: KnownMigration[];
  /** Migrations the database has that this build does not know: a newer build applied them. */
  unknown: number;
  /**
   * Migrations older than the newest applied that the database never got. Drizzle will not
   * apply them any more (it only looks past the newest it recorded): a database made by a
   * development build whose journal was later given an older entry. Refused at start.
   */
  skipped: KnownMigration[];
};

/** What drizzle's migrators can run a statement on: a Drizzle database or transaction. */
type Executor = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> };

export function knownMigrations(folder = MIGRATIONS_FOLDER): KnownMigration[] {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({ tag: entry.tag, createdAt: entry.when }));
}

/**
 * The database's migrations against this build's. Drizzle records each applied migration
 * by its creation time and applies those newer than the last it recorded, so a migration
 * is pending when it is newer than the newest applied, and unknown when the database has
 * one newer than any this build carries.
 */
export async function readSchemaVersion(
  db: Executor,
  known = knownMigrations(),
): Promise<SchemaVersion> {
  const applied = await appliedMigrations(db);
  const newestApplied = applied.at(-1) ?? 0;
  const newestKnown = known.at(-1)?.createdAt ?? 0;
  const done = new Set(applied);
  return {
    known,
    applied,
    pending: known.filter((migration) => migration.createdAt > newestApplied),
    unknown: applied.filter((createdAt) => createdAt > newestKnown).length,
    skipped: known.filter(
      (migration) => migration.createdAt < newestApplied && !done.has(migration.createdAt),
    ),
  };
}

async function appliedMigrations(db: Executor): Promise<number[]> {
  try {
    const result = (await db.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
    )) as { rows: { created_at: string | number }[] };
    return result.rows.map((row) => Number(row.created_at));
  } catch (error) {
    // A new database: neither the schema nor the table exists before the first migration.
    if (isUndefinedTable(error)) return [];
    throw error;
  }
}

function isUndefinedTable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '42P01' || code === '3F000') return true;
  }
  return false;
}

/** This build is older than the schema: started anyway, it would misread or mis-write rows. */
export class SchemaNewerThanBuildError extends Error {
  constructor(version: SchemaVersion) {
    const newest = new Date(Math.max(...version.applied)).toISOString().slice(0, 10);
    super(
      `This build of Classroom Voice is older than its database: the database has ` +
        `${version.unknown} migration(s) this build does not know (the newest made ${newest}; ` +
        `this build ends at ${version.known.at(-1)?.tag ?? 'none'}). Start the release that ` +
        'applied them, or a newer one (docs/deploy.md, "A new release")',
    );
    this.name = 'SchemaNewerThanBuildError';
  }
}

/** Some of this build's migrations were passed over: the schema lacks what they make. */
export class SchemaMigrationsSkippedError extends Error {
  constructor(version: SchemaVersion) {
    super(
      `This database never got ${version.skipped.length} of this build's migrations ` +
        `(${version.skipped.map((m) => m.tag).join(', ')}), and they are older than the newest ` +
        'it has, so they would never be applied: it was made by a development build between ' +
        'two releases. Restore a backup made by a release, or start from a new database ' +
        '(docs/deploy.md, "Backups")',
    );
    this.name = 'SchemaMigrationsSkippedError';
  }
}

/** One line per migration for `npm run migrate -- status`. */
export function describeSchemaVersion(version: SchemaVersion): string[] {
  const applied = new Set(version.applied);
  const skipped = new Set(version.skipped);
  const lines = version.known.map(
    (migration) =>
      `${applied.has(migration.createdAt) ? 'applied' : skipped.has(migration) ? 'SKIPPED' : 'pending'}  ${migration.tag}`,
  );
  if (version.unknown > 0) {
    lines.push(`newer    ${version.unknown} migration(s) this build does not know`);
  }
  const summary =
    version.unknown > 0
      ? 'The database is newer than this build: this build refuses to start on it.'
      : version.skipped.length > 0
        ? `${version.skipped.length} migration(s) passed over: this build refuses to start on it.`
        : version.pending.length > 0
          ? `${version.pending.length} migration(s) pending: the next start applies them.`
          : `Up to date: ${version.applied.length} migration(s) applied, as this build knows.`;
  return [...lines, summary];
}
