/*
 * How long a job queued by a web server with RUN_JOBS=false waits before a worker process
 * starts it (decision 0025; PostgreSQL only). This script plays the web server: it
 * enqueues in a transaction, as a request does, and pokes nothing in the worker. The worker
 * is the real `npm run worker` process with the probe job (server/test/probe-worker.ts),
 * which writes the clock when it starts a job. Latency = the probe's start - the moment
 * before the enqueuing transaction began (same machine, same clock).
 *
 * Each job is queued after a random pause of up to 1.5 s, so the enqueue lands at a random
 * point of the worker's 1 s poll. Prints the median, minimum and maximum of 20 (--jobs=N).
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/job-wakeup.bench.ts
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { enqueueJob } from '../server/platform/jobs';
import { exited, until } from '../server/test/child-server';
import { createPostgresDatabase } from '../server/test/harness';
import { PROBE_JOB } from '../server/test/probe-job';

const JOBS = Number(process.argv.find((a) => a.startsWith('--jobs='))?.split('=')[1] ?? 20);

const database = await createPostgresDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'cv-wakeup-'));
const trace = join(dataDir, 'trace.log');
const handle = await openDatabase({ kind: 'postgres', url: database.url });
const worker = spawn(process.execPath, ['--import', 'tsx', 'server/test/probe-worker.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const output: string[] = [];
worker.stdout?.on('data', (chunk) => output.push(String(chunk)));
worker.stderr?.on('data', (chunk) => output.push(String(chunk)));

/** The clock when the worker started job `id`, once it has. */
function startedAt(id: number): number | undefined {
  if (!existsSync(trace)) return undefined;
  for (const line of readFileSync(trace, 'utf8').split('\n')) {
    const [event, jobId, , at] = line.split(' ');
    if (event === 'start' && Number(jobId) === id) return Number(at);
  }
  return undefined;
}

try {
  await until(async () => {
    if (worker.exitCode !== null) throw new Error(output.join(''));
    return output.join('').includes('running background jobs');
  }, 120_000);
  // Let the worker's start-up work (the first scheduled tasks) settle.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const latencies: number[] = [];
  for (let i = 0; i < JOBS; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_500));
    const before = Date.now();
    const id = await handle.db.transaction(async (tx) => {
      await enqueueJob(tx, PROBE_JOB, { log: trace, ms: 0 });
      // This session's last id from the jobs sequence: the job just inserted.
      const result = await tx.execute(sql`select currval('jobs_id_seq') as id`);
      return Number((result as unknown as { rows: Array<{ id: string }> }).rows[0]!.id);
    });
    await until(async () => startedAt(id) !== undefined, 30_000);
    latencies.push(startedAt(id)! - before);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  console.info(
    `enqueue → start, ${JOBS} jobs: median ${median} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms`,
  );
  console.info(`all (ms): ${latencies.join(' ')}`);
  console.info(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  worker.kill('SIGTERM');
  await exited(worker);
  await handle.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
