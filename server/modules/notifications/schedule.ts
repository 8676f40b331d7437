import type { AppContext } from '../../platform/context';
import { runRetention } from '../retention/purge';
import { sendLessonPlanReminders } from './plan-reminder';
import { sendWeeklyDigests } from './weekly-digest';

/** Often enough that Monday's digest and Friday's reminder go out within the quarter hour. */
const EVERY_MS = 15 * 60_000;

/**
 * The scheduled e-mails and the retention purge. Each step is idempotent (it records
 * what it did in the database before or as it acts), so running it again, from two
 * processes, or after a restart sends nothing twice.
 */
export async function runScheduledWork(ctx: AppContext, now = new Date()) {
  const digests = await sendWeeklyDigests(ctx, now);
  const reminders = await sendLessonPlanReminders(ctx, now);
  const retention = await runRetention(ctx, now);
  return { digests, reminders, ...retention };
}

/** Runs now and then every 15 minutes while the process lives (the timer is unref'd). */
export function startScheduledWork(ctx: AppContext) {
  const run = () =>
    runScheduledWork(ctx)
      .then((done) => {
        if (done.digests || done.reminders || done.noticed || done.purged)
          ctx.log.info(done, 'Scheduled e-mails and retention');
      })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'Scheduled work failed'));
  void run();
  setInterval(run, EVERY_MS).unref();
}
