import type { AppContext } from '../../records/context';
import { sendLessonPlanReminders, sendWeeklyDigests } from '../notifications';
import { runRetention } from '../retention';

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

/**
 * Every 15 minutes, cluster-wide (a scheduled task: see server/background.ts). A failed
 * run is retried like any job; each step records what it did, so a retry sends nothing twice.
 */
export function scheduledWorkTask(ctx: AppContext) {
  return {
    name: 'digests-reminders-retention',
    everyMs: EVERY_MS,
    run: async () => {
      const done = await runScheduledWork(ctx);
      if (done.digests || done.reminders || done.noticed || done.purged)
        ctx.log.info(done, 'Scheduled e-mails and retention');
    },
  };
}
