/*
 * The retention purge on a seeded database, timed as the hourly scheduled task runs it
 * (runRetention with the app's context, built in this process), with what shows its work
 * is bounded: how many hand-ins each teacher lost in the run against the per-teacher batch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { loadConfig } from '../../server/platform/config';
import { PURGE_BATCH, runRetention } from '../../server/work/retention/purge';

const DUE = `
  select d.teacher_id, count(*)::int as due
  from documents d join teacher_settings s on s.teacher_id = d.teacher_id
  where s.preferences ->> 'retentionYears' = '1'
    and d.created_at < now() - interval '1 year'
    and d.retention_notice_at <= now() - interval '7 days'
  group by d.teacher_id`;

async function dueByTeacher(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(DUE);
    return new Map(rows.map((row) => [row.teacher_id as number, row.due as number]));
  } finally {
    await client.end();
  }
}

export async function timeRetention(url: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cv-district-purge-'));
  const database = await openDatabase({ kind: 'postgres', url });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RUN_JOBS: 'false',
    PUBLIC_URL: 'http://127.0.0.1:1',
  });
  config.webRoot = undefined;
  const { app, ctx } = await buildApp({ config, db: database.db });
  try {
    const before = await dueByTeacher(url);
    let started = performance.now();
    const first = await runRetention(ctx);
    const seconds = (performance.now() - started) / 1000;
    const after = await dueByTeacher(url);
    started = performance.now();
    const second = await runRetention(ctx);
    const secondRunSeconds = (performance.now() - started) / 1000;
    const batches = [...before].map(([teacher, due]) => due - (after.get(teacher) ?? 0));
    return {
      teachers: before.size,
      purged: first.purged,
      seconds,
      largestBatch: Math.max(0, ...batches),
      batchLimit: PURGE_BATCH,
      leftDue: [...after.values()].reduce((sum, n) => sum + n, 0),
      secondRunPurged: second.purged,
      secondRunSeconds,
    };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
