import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../platform/s3-file-store';
import { expectLoopReadable, type LoopRecord, runHandInLoop } from '../test/hand-in-loop';
import { createPostgresDatabase, uniqueEmail } from '../test/harness';
import { startApp, stopAll, stopProcess } from '../test/processes';
import { ProxiedClient, SITE } from '../test/proxied-client';
import { type LocalS3, startLocalS3 } from '../test/s3-server';
import { startSmtpCapture } from '../test/smtp-capture';
import { FILES_FOLDER, readManifest } from './backup';

/*
 * docs/deploy.md's backup and restore, performed: data made through the API of a running
 * instance on PostgreSQL and an S3-compatible bucket (s3rver), `npm run backup` while it
 * runs, the database dropped and the bucket emptied, `npm run restore` into a new
 * database and a new bucket, and a new instance on them serving the same rows and the
 * same bytes (and the same sessions and share links).
 */

const postgres = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);

/** Runs one of the npm scripts' entries the way `npm run backup -- folder` does. */
async function cli(entry: 'backup-cli' | 'restore-cli', folder: string, env: object) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `server/ops/${entry}.ts`, folder],
      { env: { ...process.env, ...env } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgres)('backup and restore of a PostgreSQL deployment', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cv-backup-'));
  const backupFolder = join(scratch, 'backup');
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const buckets: LocalS3[] = [];
  const databases: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await stopAll();
    for (const database of databases) await database.drop();
    for (const bucket of buckets) await bucket.stop();
    await smtp?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('restores every row and every stored byte into a new database and an empty store', async () => {
    const original = await createPostgresDatabase();
    databases.push(original);
    const bucket = await startLocalS3({ bucket: 'cv-before' });
    buckets.push(bucket);
    const originalEnv = {
      ...bucket.env,
      DATABASE_URL: original.url,
      DATA_DIR: join(scratch, 'data-original'),
      SMTP_URL: smtp.url,
      PUBLIC_URL: SITE,
      TRUST_PROXY: '1',
    };
    const before = await startApp('before', originalEnv);
    const to = () => before.base;
    const clients = {
      teacher: new ProxiedClient(to),
      pupil: new ProxiedClient(to),
      parent: new ProxiedClient(to),
    };
    const record: LoopRecord = await runHandInLoop(clients, smtp, uniqueEmail('backup'));

    // Online: the instance keeps serving while the backup runs.
    const backup = await cli('backup-cli', backupFolder, originalEnv);
    expect(backup.code, backup.output).toBe(0);
    const manifest = await readManifest(backupFolder);
    expect(manifest.files).toHaveLength(2);
    expect(manifest.missing).toEqual([]);
    const stored = manifest.files.map((file) =>
      readFileSync(join(backupFolder, FILES_FOLDER, file.key)),
    );
    expect(stored.some((bytes) => bytes.equals(record.essay))).toBe(true);
    expect(stored.some((bytes) => bytes.equals(record.clip))).toBe(true);

    // Disaster: the database and the bucket's objects are gone.
    await stopProcess(before);
    await original.drop();
    databases.splice(databases.indexOf(original), 1);
    expect(await emptyBucket(bucket)).toBe(2);

    const fresh = await createPostgresDatabase();
    databases.push(fresh);
    const freshBucket = await startLocalS3({ bucket: 'cv-after' });
    buckets.push(freshBucket);
    const freshEnv = {
      ...originalEnv,
      ...freshBucket.env,
      DATABASE_URL: fresh.url,
      DATA_DIR: join(scratch, 'new'),
    };
    const restored = await cli('restore-cli', backupFolder, freshEnv);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Restored the database and 2 files');

    const after = await startApp('after', freshEnv);
    // The same cookie jar: sessions came back with the database.
    for (const client of Object.values(clients)) client.sendTo(() => after.base);
    expect((await clients.teacher.get('/api/auth/user')).json().email).toBe(record.email);
    await expectLoopReadable(clients, record);
    const login = await new ProxiedClient(() => after.base).post('/api/auth/login', {
      email: record.email,
      password: record.password,
    });
    expect(login.status).toBe(200);

    // A second restore onto the now-used database is refused and changes nothing.
    const again = await cli('restore-cli', backupFolder, freshEnv);
    expect(again.code).toBe(1);
    expect(again.output).toContain('The target database is not empty');
    expect((await clients.teacher.get(record.fileUrl)).body.equals(record.essay)).toBe(true);
  }, 600_000);

  // This one restores into a local file store (DATA_DIR/files), the other kind.
  it('refuses a backup whose file no longer matches its checksum, before touching the database', async () => {
    const target = await createPostgresDatabase();
    databases.push(target);
    const manifest = await readManifest(backupFolder);
    const damaged = join(backupFolder, FILES_FOLDER, manifest.files[0]!.key);
    const bytes = readFileSync(damaged);
    bytes.writeUInt8(bytes.readUInt8(bytes.length >> 1) ^ 0xff, bytes.length >> 1);
    writeFileSync(damaged, bytes);
    const result = await cli('restore-cli', backupFolder, {
      DATABASE_URL: target.url,
      DATA_DIR: join(scratch, 'damaged'),
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('does not match its manifest entry');
    expect(await tableCount(target.url)).toBe(0);
    expect(existsSync(join(scratch, 'damaged', 'files'))).toBe(false);
  }, 60_000);
});

/** Deletes every object in the bucket; answers how many there were. */
async function emptyBucket(bucket: LocalS3): Promise<number> {
  const store = new S3FileStore(bucket.settings);
  try {
    const keys = await store.keysWrittenBefore(new Date(Date.now() + 60_000));
    for (const key of keys) await store.delete(key);
    expect(await store.keysWrittenBefore(new Date(Date.now() + 60_000))).toEqual([]);
    return keys.length;
  } finally {
    store.destroy();
  }
}
