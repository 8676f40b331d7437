import { createAppContext, registerJobHandlers, startBackgroundWork } from './background';
import { openDatabase } from './db/client';
import { SchemaNewerThanBuildError } from './db/schema-version';
import { loadConfig } from './platform/config';
import { openFileStore } from './platform/configured-file-store';
import { standaloneLogger } from './platform/logger';
import { DELIVER_MAIL_JOB } from './platform/mail';
import { collectProcessMetrics } from './platform/metrics';
import { startMetricsServer } from './platform/metrics-collect';
import type { AppContext } from './records/context';
import { RENDER_VIDEO_JOB } from './records/videos';

/** Exits within this long of SIGTERM, whatever the job in hand is doing. */
const EXIT_DEADLINE_MS = 9_500;

export const PGLITE_REFUSAL =
  'npm run worker needs PostgreSQL: set DATABASE_URL. The embedded database (PGlite) ' +
  'belongs to one process, and `npm start` already runs every background job in it.';

/**
 * A process that runs background jobs and periodic work and serves nothing: as many as
 * wanted, on other machines too, share one PostgreSQL. `extend` registers more job kinds
 * (tests use it for a job whose timing they control).
 */
export async function runWorker(options: { extend?: (ctx: AppContext) => void } = {}) {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(PGLITE_REFUSAL);
    process.exit(1);
  }
  const log = standaloneLogger(config);
  // A database that is down is waited for; one newer than this build is refused.
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl }, { log }).catch(
    (error: unknown) => {
      if (!(error instanceof SchemaNewerThanBuildError)) throw error;
      console.error(`${error.message}. The worker stops.`);
      process.exit(1);
    },
  );
  const ctx = createAppContext(config, database.db, log, await openFileStore(config));
  // A wrong bucket or key should stop the start, not the first job: with one line.
  await ctx.files.checkReachable?.().catch((error: unknown) => {
    console.error(`${error instanceof Error ? error.message : String(error)}. The worker stops.`);
    process.exit(1);
  });
  registerJobHandlers(ctx);
  options.extend?.(ctx);
  if (!ctx.mailer.deliversBySmtp) {
    // Its deliver-mail jobs are left to processes that have a relay (see background.ts).
    log.warn('No SMTP_URL: this worker delivers no e-mail; give it the web servers’ SMTP_URL.');
  }

  // The runners' timers are unref'd (a test's or a script's runner never holds its process
  // open), and while the database is away this process may hold no connection either: this
  // keeps the worker waiting for it instead of ending. Only a signal stops it.
  const keepAlive = setInterval(() => {}, 60_000);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(keepAlive);
    log.info(`${signal} received: taking no more jobs, finishing or handing back the one in hand`);
    // A backstop: a hand-back or a database close that hangs must not keep the process.
    setTimeout(() => process.exit(1), EXIT_DEADLINE_MS).unref();
    stop()
      .then(() => {
        ctx.mailer.close();
        ctx.files.destroy?.();
        return database.close();
      })
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'Worker shutdown failed');
        process.exit(1);
      });
  };
  let stop = async () => {};
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  stop = await startBackgroundWork(ctx, database);
  collectProcessMetrics();
  if (config.metricsPort !== undefined) {
    await startMetricsServer(
      config.metricsPort,
      config.host,
      {
        db: database.db,
        poolUse: database.poolUse,
        backlogKinds: { render: RENDER_VIDEO_JOB, mail: DELIVER_MAIL_JOB },
      },
      log,
    );
    log.info(`Metrics on http://${config.host}:${config.metricsPort}/metrics`);
  }
  log.info(`Worker ${process.pid} running background jobs (database: PostgreSQL)`);
}
