import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { z } from 'zod';
import type { FileStore } from '../platform/file-store';

/*
 * Backups of a PostgreSQL deployment (docs/deploy.md): the database as a pg_dump
 * custom-format archive, and the bytes of every stored file the dumped database names,
 * from whichever file store the app uses (a local folder or an S3 bucket), into one
 * folder:
 *
 *   manifest.json   what is in the backup, with each file's size and SHA-256
 *   database.dump   pg_dump --format=custom
 *   files/<key>     the stored files, under their storage keys
 *
 * The file list is read in the very snapshot that pg_dump dumps (an exported snapshot),
 * so the backup holds exactly the files its database refers to. Files are copied after
 * the dump; a file deleted in between (its row was deleted after the snapshot) is
 * reported as missing.
 */

export const MANIFEST_FILE = 'manifest.json';
export const DUMP_FILE = 'database.dump';
export const FILES_FOLDER = 'files';

const manifestSchema = z.object({
  format: z.literal('classroom-voice-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({ file: z.literal(DUMP_FILE), bytes: z.number().int() }),
  files: z.array(z.object({ key: z.string(), size: z.number().int(), sha256: z.string() })),
  missing: z.array(z.string()),
  damaged: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

type Log = (line: string) => void;

/** The connection for pg_dump/pg_restore, with the password in PGPASSWORD rather than argv. */
export function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL client program; its error output becomes the thrown message. */
export function runClientProgram(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const errors: string[] = [];
    child.stderr.on('data', (chunk) => errors.push(String(chunk)));
    child.on('error', (error) =>
      reject(
        new Error(
          `Cannot run ${command} (${error.message}): install the PostgreSQL client programs (Debian: postgresql-client)`,
        ),
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (exit ${code}):\n${errors.join('').trim()}`));
    });
  });
}

const sha256Of = () => {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, result: () => ({ sha256: hash.digest('hex'), size }) };
};

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Writes a backup into `folder`, which must not exist yet or be empty. */
export async function backupTo(
  databaseUrl: string,
  store: FileStore,
  folder: string,
  log: Log = () => undefined,
): Promise<Manifest> {
  if (!(await isEmptyFolder(folder))) {
    throw new Error(`${folder} is not empty: give a new folder for each backup`);
  }
  // Pupils' work: readable by the backup's owner only.
  await mkdir(join(folder, FILES_FOLDER), { recursive: true, mode: 0o700 });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let referenced: { key: string; size: number; sha256: string }[];
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query('select pg_export_snapshot() as id')).rows[0].id;
    referenced = (
      await client.query(
        'select storage_key as key, size_bytes as size, sha256 from files order by storage_key',
      )
    ).rows;
    const { dbname, env } = libpqTarget(databaseUrl);
    log(`Dumping the database (snapshot ${snapshot})`);
    await runClientProgram(
      'pg_dump',
      [`--snapshot=${snapshot}`, '--format=custom', `--file=${join(folder, DUMP_FILE)}`, dbname],
      env,
    );
    await client.query('commit');
  } finally {
    await client.end();
  }

  log(`Copying ${referenced.length} stored files`);
  const files: Manifest['files'] = [];
  const missing: string[] = [];
  const damaged: string[] = [];
  for (const expected of referenced) {
    if (!(await store.stat(expected.key))) {
      missing.push(expected.key);
      continue;
    }
    const target = join(folder, FILES_FOLDER, expected.key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const { tap, result } = sha256Of();
    await pipeline(
      store.createReadStream(expected.key),
      tap,
      createWriteStream(target, { mode: 0o600 }),
    );
    const copied = result();
    if (copied.sha256 !== expected.sha256 || copied.size !== expected.size) {
      damaged.push(expected.key);
    }
    files.push({ key: expected.key, ...copied });
  }
  const manifest: Manifest = {
    format: 'classroom-voice-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: { file: DUMP_FILE, bytes: (await stat(join(folder, DUMP_FILE))).size },
    files,
    missing,
    damaged,
  };
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
}

export async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${folder} has no ${MANIFEST_FILE}: not a Classroom Voice backup`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${folder}/${MANIFEST_FILE} is not a backup manifest`);
  return parsed.data;
}

/** Checks a backed-up file against the manifest, reading it as a stream. */
async function verify(folder: string, entry: Manifest['files'][number]): Promise<void> {
  const { tap, result } = sha256Of();
  try {
    await pipeline(createReadStream(join(folder, FILES_FOLDER, entry.key)), tap, async (source) => {
      for await (const _chunk of source) {
        // The tap hashes as the bytes pass.
      }
    });
  } catch {
    throw new Error(`${entry.key} is missing from the backup's files`);
  }
  const { sha256, size } = result();
  if (sha256 !== entry.sha256 || size !== entry.size) {
    throw new Error(`${entry.key} in the backup does not match its manifest entry`);
  }
}

/** Tables in the target database outside PostgreSQL's own schemas. */
async function tablesIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%'`,
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty database and the given file store: every file is
 * checked against the manifest first, then the files are written, then the database
 * is restored, so no restored row ever names bytes that are not there.
 */
export async function restoreFrom(
  folder: string,
  databaseUrl: string,
  store: FileStore,
  log: Log = () => undefined,
): Promise<Manifest> {
  const manifest = await readManifest(folder);
  if ((await tablesIn(databaseUrl)) > 0) {
    throw new Error(
      'The target database is not empty: restore into a new database (createdb) so nothing is mixed or overwritten',
    );
  }
  log(`Checking ${manifest.files.length} files against the manifest`);
  for (const entry of manifest.files) await verify(folder, entry);
  log(`Writing ${manifest.files.length} files to the file store`);
  for (const entry of manifest.files) {
    const written = await store.putStream(
      entry.key,
      createReadStream(join(folder, FILES_FOLDER, entry.key)),
    );
    if (written.sha256 !== entry.sha256) throw new Error(`${entry.key} changed while restoring`);
  }
  log('Restoring the database');
  const { dbname, env } = libpqTarget(databaseUrl);
  await runClientProgram(
    'pg_restore',
    [
      '--exit-on-error',
      '--single-transaction',
      // The restoring role owns everything: the backup may come from another server.
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      join(folder, DUMP_FILE),
    ],
    env,
  );
  return manifest;
}
