import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { enqueueJob, JobRunner } from '../jobs';
import { isDatabaseUnavailable } from '../outages';
import { schedules } from './tables';

/** Periodic work, run as a job of its own kind (its name) once per period cluster-wide. */
export type ScheduledTask = {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
};

const TICK_MS = 5_000;

/**
 * Turns periodic work into jobs. Every process that runs jobs ticks; a tick claims the
 * due rows of `schedules` (FOR UPDATE SKIP LOCKED), moves their next_run_at on by the
 * period and queues one job per task, all in one transaction: however many processes
 * tick, a period queues one job, and a worker killed mid-task leaves a job that another
 * worker retries after the lease, like any other job. Times are the database's clock.
 *
 * The tasks' jobs run on a runner of their own (claiming only their kinds), beside the
 * app's: an hour's sweep or a long retention purge never holds up a pupil's hand-in.
 */
export class Scheduler {
  private readonly tasks = new Map<string, ScheduledTask>();
  private readonly runner: JobRunner;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly tickMs = TICK_MS,
  ) {
    this.runner = new JobRunner(db, log);
  }

  add(task: ScheduledTask): void {
    this.tasks.set(task.name, task);
    this.runner.register(task.name, { run: () => task.run() });
  }

  /** A job was queued elsewhere: if it is one of the tasks, its runner claims it now. */
  wake(kind: string | null): void {
    this.runner.wake(kind);
  }

  /** Runs every queued task that is ready, then resolves: for tests. */
  drain(): Promise<void> {
    return this.runner.drain();
  }

  /** Adds a row (due now) for every task that has none; keeps existing rows' times. */
  async ensureRows(): Promise<void> {
    const names = [...this.tasks.keys()];
    if (names.length === 0) return;
    await this.db
      .insert(schedules)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
  }

  async start(): Promise<void> {
    await this.ensureRows();
    const tick = () => {
      this.ticking = this.tick().catch((error: unknown) => {
        // While the database is away its runner says so once; a tick every 5 s would not.
        if (!isDatabaseUnavailable(error))
          this.log.warn({ err: error }, 'Could not queue scheduled work');
      });
    };
    this.runner.start();
    tick();
    this.timer = setInterval(tick, this.tickMs);
    this.timer.unref();
  }

  /** Stops ticking, then stops the tasks' runner (the run in hand finishes or goes back). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.ticking;
    await this.runner.stop();
  }

  /** Queues every task that is due; returns their names. */
  async tick(): Promise<string[]> {
    const names = [...this.tasks.keys()];
    if (names.length === 0) return [];
    const queued = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ name: schedules.name })
        .from(schedules)
        .where(and(inArray(schedules.name, names), lte(schedules.nextRunAt, sql`now()`)))
        .for('update', { skipLocked: true });
      const added: string[] = [];
      for (const { name } of due) {
        const task = this.tasks.get(name)!;
        await tx
          .update(schedules)
          .set({
            nextRunAt: sql`now() + ${task.everyMs} * interval '1 millisecond'`,
            lastQueuedAt: sql`now()`,
          })
          .where(eq(schedules.name, name));
        // The last period's run still waiting or running (a long backlog, a slow sweep):
        // that run will do this period's work too, so none piles up behind it.
        const [pending] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.kind, name), inArray(jobs.status, ['queued', 'running'])))
          .limit(1);
        if (pending) continue;
        // Marked, so housekeeping can clear finished runs sooner than other jobs.
        await enqueueJob(tx, name, { scheduled: true });
        added.push(name);
      }
      return added;
    });
    if (queued.length > 0) this.runner.poke();
    return queued;
  }
}
