import { createAppContext, registerJobHandlers } from '../background';
import { openDatabase } from '../db/client';
import { loadConfig } from '../platform/config';
import { openFileStore } from '../platform/configured-file-store';
import { type Job, type JobFilter, type JobStatus, listJobs } from '../platform/jobs';
import { standaloneLogger } from '../platform/logger';

/*
 * npm run jobs -- list [--status failed|queued|running|done] [--kind <kind>] [--limit <n>]
 * npm run jobs -- retry <id> [<id> …]
 * npm run jobs -- retry --failed [--kind <kind>]
 *
 * What the background work is doing, and failed work put back in the queue (after an
 * outage longer than the retries' hour, or once a cause is fixed). A retried job starts
 * over (attempts cleared), and the document or video it is for shows it is being worked on
 * again. Same environment as the app; the embedded database only while the app is stopped.
 */

const USAGE =
  'Usage: npm run jobs -- list [--status <status>] [--kind <kind>] [--limit <n>]\n' +
  '       npm run jobs -- retry <id> [<id> …] | retry --failed [--kind <kind>]';
const STATUSES: JobStatus[] = ['queued', 'running', 'done', 'failed'];

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function describe(job: Job): string {
  const when = (job.finishedAt ?? job.runAfter).toISOString().slice(0, 19).replace('T', ' ');
  const error = job.lastError ? `  ${job.lastError.replace(/\s+/g, ' ').slice(0, 100)}` : '';
  const outage = job.transientFailures > 0 ? ` (+${job.transientFailures} outage)` : '';
  return `${String(job.id).padStart(7)}  ${job.kind.padEnd(22)} ${job.status.padEnd(8)} ${String(job.attempts).padStart(2)} attempt(s)${outage}  ${when}${error}`;
}

const [command, ...args] = process.argv.slice(2);
if (command !== 'list' && command !== 'retry') fail(USAGE);
const status = option(args, '--status') as JobStatus | undefined;
if (status && !STATUSES.includes(status)) fail(`--status is one of ${STATUSES.join(', ')}`);
const kind = option(args, '--kind');

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
  { migrate: false, waitForDatabase: false },
);
try {
  if (command === 'list') {
    const limit = Number(option(args, '--limit') ?? 50);
    const rows = await listJobs(database.db, { status, kind }, limit);
    for (const job of rows) console.info(describe(job));
    if (rows.length === 0) console.info('No jobs match.');
  } else {
    const ids = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
    if (ids.length === 0 && !args.includes('--failed')) fail(USAGE);
    const filter: JobFilter = ids.length > 0 ? { ids } : { kind };
    // The handlers undo what each failure left visible (a document's "could not be read").
    const log = standaloneLogger({ ...config, logLevel: 'warn' });
    const ctx = createAppContext(config, database.db, log, await openFileStore(config));
    registerJobHandlers(ctx);
    try {
      const requeued = await ctx.jobs.retryFailed(filter);
      for (const job of requeued) console.info(`queued again ${describe(job)}`);
      console.info(`${requeued.length} failed job(s) queued again.`);
      if (ids.length > requeued.length) {
        console.info('The others were not failed (already queued again, running or done).');
      }
    } finally {
      await ctx.linkViews.close();
      ctx.mailer.close();
      ctx.files.destroy?.();
    }
  }
} finally {
  await database.close();
}
