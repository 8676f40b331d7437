/*
 * Everything that runs off the request path, in one place: the context the job handlers
 * share with the routes, every job kind, and the periodic work. The web server (main.ts)
 * and the worker process (worker.ts) both start it from here, so a job kind added here
 * runs wherever jobs run.
 */
import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { createAiEngines } from './ai';
import { createMediaEngines } from './ai/avatar-video';
import type { Database, DatabaseHandle } from './db/client';
import type { Config } from './platform/config';
import { embeddedDatabaseUpkeepTask } from './platform/database-upkeep';
import { REMOVE_STORED_FILES_JOB, removeStoredFilesJobHandler } from './platform/file-removal';
import type { FileStore } from './platform/file-store';
import { JobWakeups } from './platform/job-wakeups';
import { JobRunner } from './platform/jobs';
import { DELIVER_MAIL_JOB, deliverMailJobHandler, Mailer } from './platform/mail';
import { Scheduler } from './platform/schedules';
import { Throttle } from './platform/throttle';
import { configureWorkerPool, workerPoolSize } from './platform/worker-pool';
import type { AppContext } from './records/context';
import { EXTRACT_TEXT_JOB } from './records/documents';
import { LinkViewRecorder } from './records/links';
import { PREPARE_AVATAR_JOB } from './records/profiles';
import { HAND_IN_NOTICE_JOB } from './records/pupil-access';
import { LINK_OPENED_NOTICE_JOB, queueFirstOpeningNotices } from './records/sharing';
import { RENDER_VIDEO_JOB } from './records/videos';
import { extractionJobHandler, reextractionTask } from './work/extraction';
import { housekeepingTask } from './work/housekeeping';
import { handInNoticeJobHandler, linkOpenedNoticeJobHandler } from './work/notifications';
import { prepareAvatarJobHandler, renderJobHandler } from './work/rendering';
import { scheduledWorkTask } from './work/schedule';

/** The shared platform parts every feature module and job handler is given. */
/**
 * How long an opening of a shared link may wait to be written with others: a parent's page
 * answers at read speed, and a crash loses at most this much of the view log (decision 0048).
 */
const LINK_VIEW_FLUSH_MS = 250;

export function createAppContext(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  /** From openFileStore(config). */
  files: FileStore,
): AppContext {
  // Files are read in the worker pool (threads started on first use, then kept warm).
  configureWorkerPool(config.workerPoolSize);
  const jobs = new JobRunner(db, log);
  const linkViews = new LinkViewRecorder(db, {
    flushMs: LINK_VIEW_FLUSH_MS,
    onFirstOpening: queueFirstOpeningNotices,
    afterFirstOpenings: () => jobs.poke(LINK_OPENED_NOTICE_JOB),
    log,
  });
  return {
    config,
    db,
    // A message's delivery job starts at once where this process runs jobs.
    mailer: new Mailer(db, log, { smtpUrl: config.smtpUrl, from: config.mailFrom }, () =>
      jobs.poke(),
    ),
    throttle: new Throttle(db),
    files,
    jobs,
    ai: createAiEngines(config, log),
    linkViews,
    log,
  };
}

/** Every job kind the app queues (hand-ins, renders, avatars, file removal, notices, e-mail). */
export function registerJobHandlers(ctx: AppContext): void {
  const { jobs } = ctx;
  // Only a process with a relay delivers: one without SMTP_URL leaves the messages to
  // processes that have it, as a process leaves a kind it does not know.
  if (ctx.mailer.smtp) {
    jobs.register(DELIVER_MAIL_JOB, deliverMailJobHandler(ctx.db, ctx.mailer.smtp, ctx.log));
  }
  // Extraction happens in the worker pool: as many jobs at once as it has threads.
  jobs.register(EXTRACT_TEXT_JOB, { ...extractionJobHandler(ctx), concurrency: workerPoolSize() });
  // Renders use a core each for their frames and leave the rest to the web server; their
  // ffmpeg waits for a media turn like every other (platform/media), never the last core.
  jobs.register(RENDER_VIDEO_JOB, {
    ...renderJobHandler(ctx, createMediaEngines(ctx.config, ctx.log)),
    concurrency: Math.max(1, Math.floor(availableParallelism() / 2)),
  });
  jobs.register(PREPARE_AVATAR_JOB, prepareAvatarJobHandler(ctx));
  jobs.register(REMOVE_STORED_FILES_JOB, removeStoredFilesJobHandler(ctx.db, ctx.files));
  jobs.register(HAND_IN_NOTICE_JOB, handInNoticeJobHandler(ctx));
  jobs.register(LINK_OPENED_NOTICE_JOB, linkOpenedNoticeJobHandler(ctx));
}

/** The periodic work: once per period across every process that runs jobs. */
export function createScheduler(ctx: AppContext, tickMs?: number): Scheduler {
  const scheduler = new Scheduler(ctx.db, ctx.log, tickMs);
  scheduler.add(housekeepingTask(ctx.db, ctx.files, ctx.log));
  // PDFs read by an older extractor are read again, a few at a time, when no hand-in waits.
  scheduler.add(reextractionTask(ctx));
  scheduler.add(scheduledWorkTask(ctx));
  // PostgreSQL's autovacuum does this for a server; the embedded database has none.
  if (!ctx.config.databaseUrl) scheduler.add(embeddedDatabaseUpkeepTask(ctx.db, ctx.log));
  return scheduler;
}

/**
 * Starts running jobs and periodic work in this process; resolves to a function that
 * stops both (the job in hand finishes within the runner's grace or is handed back).
 */
export async function startBackgroundWork(
  ctx: AppContext,
  database: Pick<DatabaseHandle, 'kind' | 'url'>,
): Promise<() => Promise<void>> {
  // The embedded database belongs to this process alone, so a job still marked running
  // was abandoned by a run that is gone: take it back now rather than after its lease.
  // On PostgreSQL another live process may hold it: its lease decides.
  if (database.kind === 'pglite') {
    const reclaimed = await ctx.jobs.reclaimAbandoned();
    if (reclaimed > 0) ctx.log.info(`Resuming ${reclaimed} interrupted background job(s).`);
  }
  const scheduler = createScheduler(ctx);
  // On PostgreSQL a job queued by another process (a web server with RUN_JOBS=false, a
  // scheduler tick elsewhere) wakes this one's runners at once rather than at their next
  // poll. The embedded database has no other process: the enqueuer's poke is enough.
  const wakeups = database.url
    ? new JobWakeups(database.url, ctx.log, (kind) => {
        ctx.jobs.wake(kind);
        scheduler.wake(kind);
      })
    : undefined;
  await wakeups?.start();
  await scheduler.start();
  ctx.jobs.start();
  // Both runners wind down together: each gives its job in hand the same grace.
  return async () => {
    await Promise.all([scheduler.stop(), ctx.jobs.stop(), wakeups?.stop()]);
  };
}
