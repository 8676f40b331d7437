import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, schedules } from '../db/schema';
import { startTestApp, type TestApp, testBackends } from '../test/harness';
import { Scheduler } from './schedules';

describe.each(testBackends())('scheduled work on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  /** A process's scheduler; `runs` counts the task's runs in this process. */
  function processWith(name: string, everyMs: number) {
    const runs = { count: 0 };
    const scheduler = new Scheduler(t.ctx.db, t.ctx.log);
    scheduler.add({
      name,
      everyMs,
      run: async () => {
        runs.count += 1;
      },
    });
    return { scheduler, runs };
  }

  const queuedRuns = async (name: string) =>
    t.ctx.db.select().from(jobs).where(eq(jobs.kind, name));

  it('queues a task once per period however many processes tick', async () => {
    const processes = [1, 2, 3].map(() => processWith('sweep-test', 60 * 60_000));
    for (const p of processes) await p.scheduler.ensureRows();
    const ticks = await Promise.all(processes.map((p) => p.scheduler.tick()));
    expect(ticks.flat()).toEqual(['sweep-test']);
    // Ticking again within the period queues nothing.
    for (const p of processes) expect(await p.scheduler.tick()).toEqual([]);
    for (const p of processes) await p.scheduler.drain();
    expect(processes.reduce((sum, p) => sum + p.runs.count, 0)).toBe(1);
    expect(await queuedRuns('sweep-test')).toMatchObject([{ status: 'done', attempts: 1 }]);

    // The period has passed: one more run, not three.
    await t.ctx.db
      .update(schedules)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(schedules.name, 'sweep-test'));
    const again = await Promise.all(processes.map((p) => p.scheduler.tick()));
    expect(again.flat()).toEqual(['sweep-test']);
    for (const p of processes) await p.scheduler.drain();
    expect(processes.reduce((sum, p) => sum + p.runs.count, 0)).toBe(2);
    const [row] = await t.ctx.db.select().from(schedules).where(eq(schedules.name, 'sweep-test'));
    // Next run an hour after the claim (the database's clock).
    expect(row!.nextRunAt.getTime() - row!.lastQueuedAt!.getTime()).toBe(60 * 60_000);
  });

  it('queues nothing while the last run still waits, and keeps a restart from running early', async () => {
    const first = processWith('digest-test', 15 * 60_000);
    await first.scheduler.ensureRows();
    expect(await first.scheduler.tick()).toEqual(['digest-test']);
    // A backlog: the run has not been taken yet when the next period comes.
    await t.ctx.db
      .update(schedules)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(schedules.name, 'digest-test'));
    expect(await first.scheduler.tick()).toEqual([]);
    expect(await queuedRuns('digest-test')).toHaveLength(1);

    // A process starting later keeps the row's time rather than running at once.
    await first.scheduler.drain();
    const later = processWith('digest-test', 15 * 60_000);
    await later.scheduler.ensureRows();
    expect(await later.scheduler.tick()).toEqual([]);
    const open = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'digest-test'), inArray(jobs.status, ['queued', 'running'])));
    expect(open).toHaveLength(0);
  });
});
