import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { hashPassword } from '../../server/platform/secrets';
import { districtCounts, seedDistrict } from './district-seed';

/** The server the district benchmark makes its own databases on (never the `test` database). */
export const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEACHER_PASSWORD = 'district-bench-password-2026';

export const databaseUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Only the benchmark's own databases are ever created or dropped here. */
function checkName(name: string) {
  if (!/^cv_district_[a-z_]+$/.test(name))
    throw new Error(`not a district bench database: ${name}`);
}

export async function dropDatabase(name: string): Promise<void> {
  checkName(name);
  await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
}

/** Teachers in an existing database of that name, or null when there is none. */
async function seededTeachers(name: string): Promise<number | null> {
  const exists = await onServer(
    async (client) =>
      (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
  if (!exists) return null;
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select count(*) from teachers)::int as teachers,
              (select count(*) from documents)::int as documents`,
    );
    return rows[0].teachers;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/**
 * A migrated database loaded at `scale`. With `reuse`, one left by an earlier run
 * (`--keep`) with the same number of teachers is used as it is.
 */
export async function prepareDatabase(
  name: string,
  scale: number,
  options: { reuse: boolean; log: (line: string) => void },
): Promise<{ url: string; seeded: boolean; seconds: number; note: string }> {
  checkName(name);
  const url = databaseUrl(name);
  const expected = districtCounts(scale).teachers;
  if (options.reuse && (await seededTeachers(name)) === expected) {
    options.log(`${name}: reusing the ${expected.toLocaleString('en-GB')} teachers already there`);
    const note = await onServer(
      async (client) =>
        (
          await client.query(
            "select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1",
            [name],
          )
        ).rows[0]?.note ?? '',
    );
    return { url, seeded: false, seconds: 0, note: note ? `reused (${note})` : 'reused' };
  }
  const started = performance.now();
  await dropDatabase(name);
  await onServer((client) => client.query(`create database ${name}`));
  await (await openDatabase({ kind: 'postgres', url })).close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Loading is the database's work; a crash loses only this throwaway database.
    await client.query('set synchronous_commit = off');
    await client.query("set maintenance_work_mem = '256MB'");
    await seedDistrict(
      (sql) => client.query(sql),
      scale,
      await hashPassword(TEACHER_PASSWORD),
      (step, seconds) => options.log(`${name}: ${step} ${seconds.toFixed(1)} s`),
    );
  } finally {
    await client.end();
  }
  const seconds = (performance.now() - started) / 1000;
  // Kept with the database, so a later --reuse run can say how it was made.
  const note = `seeded in ${Math.round(seconds)} s on ${new Date().toISOString().slice(0, 16)} UTC`;
  await onServer((client) => client.query(`comment on database ${name} is '${note}'`));
  return { url, seeded: true, seconds, note };
}

/** The database's size on disk, for the page. */
export async function databaseSize(name: string): Promise<string> {
  checkName(name);
  return onServer(
    async (client) =>
      (await client.query('select pg_size_pretty(pg_database_size($1)) as size', [name])).rows[0]
        .size,
  );
}
