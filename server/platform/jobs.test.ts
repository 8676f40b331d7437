import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema';
import { startTestApp, type TestApp, testBackends } from '../test/harness';
import { enqueueJob, JobRunner, PermanentJobError } from './jobs';

describe.each(testBackends())('durable job runner on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('runs queued jobs and marks them done', async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log);
    const seen: unknown[] = [];
    runner.register('note', { run: async (payload) => void seen.push(payload) });
    await enqueueJob(t.ctx.db, 'note', { n: 1 });
    await enqueueJob(t.ctx.db, 'note', { n: 2 });
    await runner.drain();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    const rows = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'note'));
    expect(rows.every((r) => r.status === 'done')).toBe(true);
  });

  it('picks up a job whose worker died mid-way once its lease has run out', async () => {
    await enqueueJob(t.ctx.db, 'crashy', { n: 1 });
    // A previous process claimed it and died: running, with a lease in the past.
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'crashy'));
    const runner = new JobRunner(t.ctx.db, t.ctx.log);
    let ran = 0;
    runner.register('crashy', {
      run: async () => {
        ran += 1;
      },
    });
    await runner.drain();
    expect(ran).toBe(1);
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'crashy'));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('does not take a job another worker holds a live lease on', async () => {
    await enqueueJob(t.ctx.db, 'held', {});
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.kind, 'held'));
    const runner = new JobRunner(t.ctx.db, t.ctx.log);
    let ran = 0;
    runner.register('held', {
      run: async () => {
        ran += 1;
      },
    });
    await runner.drain();
    expect(ran).toBe(0);
  });

  it('fails a permanent error at once and reports it, retries a transient one later', async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log);
    const failures: string[] = [];
    runner.register('broken', {
      run: async () => {
        throw new PermanentJobError('The file is damaged');
      },
      onFailure: async (_payload, error) => void failures.push(error.message),
    });
    runner.register('flaky', {
      run: async () => {
        throw new Error('disk busy');
      },
    });
    await enqueueJob(t.ctx.db, 'broken', {});
    await enqueueJob(t.ctx.db, 'flaky', {});
    await runner.drain();
    expect(failures).toEqual(['The file is damaged']);
    const [broken] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'broken'));
    const [flaky] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'flaky'));
    expect(broken).toMatchObject({ status: 'failed', lastError: 'The file is damaged' });
    expect(flaky).toMatchObject({ status: 'queued', attempts: 1, lastError: 'disk busy' });
    expect(flaky!.runAfter.getTime()).toBeGreaterThan(Date.now());
  });
});

describe.each(testBackends())('job runner leases and shutdown on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const rowOf = async (kind: string) =>
    (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, kind)))[0]!;

  it('keeps a long job its own by renewing the lease while it runs', async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log, { leaseMs: 400, heartbeatMs: 100 });
    let release = () => {};
    runner.register('long', { run: () => new Promise<void>((r) => (release = r)) });
    await enqueueJob(t.ctx.db, 'long', {});
    const running = runner.drain();
    // Well past the first lease: another worker still finds nothing to take.
    await new Promise((r) => setTimeout(r, 900));
    const rival = new JobRunner(t.ctx.db, t.ctx.log);
    let stolen = 0;
    rival.register('long', {
      run: async () => {
        stolen += 1;
      },
    });
    await rival.drain();
    expect(stolen).toBe(0);
    expect((await rowOf('long')).leaseUntil!.getTime()).toBeGreaterThan(Date.now());
    release();
    await running;
    expect(await rowOf('long')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('hands the job in hand back on stop, without counting the attempt', async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log, { stopGraceMs: 100 });
    let started = () => {};
    const hasStarted = new Promise<void>((r) => (started = r));
    runner.register('endless', {
      run: () => {
        started();
        return new Promise<void>(() => {});
      },
    });
    await enqueueJob(t.ctx.db, 'endless', {});
    runner.start();
    await hasStarted;
    await runner.stop();
    expect(await rowOf('endless')).toMatchObject({
      status: 'queued',
      attempts: 0,
      leaseUntil: null,
    });
  });

  it('lets a worker that lost its lease neither finish nor fail the run another took over', async () => {
    const stalled = new JobRunner(t.ctx.db, t.ctx.log, { heartbeatMs: 60_000 });
    let started = () => {};
    const hasStarted = new Promise<void>((r) => (started = r));
    let finish = (_error?: Error) => {};
    stalled.register('contested', {
      run: () =>
        new Promise<void>((resolve, reject) => {
          started();
          finish = (error) => (error ? reject(error) : resolve());
        }),
    });
    await enqueueJob(t.ctx.db, 'contested', {});
    const running = stalled.drain();
    await hasStarted;
    // Its lease lapses (a stall longer than the lease) and another worker claims the job.
    await t.ctx.db
      .update(jobs)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'contested'));
    const [first] = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'contested'), eq(jobs.status, 'running')));
    const rival = new JobRunner(t.ctx.db, t.ctx.log);
    let rivalStarted = () => {};
    const rivalHasStarted = new Promise<void>((r) => (rivalStarted = r));
    rival.register('contested', { run: () => new Promise<void>(() => rivalStarted()) });
    void rival.drain();
    await rivalHasStarted;
    const taken = (await t.ctx.db.select().from(jobs).where(eq(jobs.id, first!.id)))[0]!;
    expect(taken).toMatchObject({ status: 'running', attempts: 2 });

    // The stalled worker wakes up and finishes: the row stays the rival's claim.
    finish();
    await running;
    const after = (await t.ctx.db.select().from(jobs).where(eq(jobs.id, first!.id)))[0]!;
    expect(after).toMatchObject({ status: 'running', claimedBy: taken.claimedBy, attempts: 2 });
  });

  it('takes back, at start-up, jobs a previous process left running', async () => {
    await enqueueJob(t.ctx.db, 'orphan', {});
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.kind, 'orphan'));
    const runner = new JobRunner(t.ctx.db, t.ctx.log);
    let ran = 0;
    runner.register('orphan', {
      run: async () => {
        ran += 1;
      },
    });
    expect(await runner.reclaimAbandoned()).toBeGreaterThanOrEqual(1);
    await runner.drain();
    expect(ran).toBe(1);
    expect(await rowOf('orphan')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it("runs up to a kind's concurrency side by side, other kinds one at a time", async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log, { stopGraceMs: 100 });
    const live = { wide: 0, narrow: 0 };
    const most = { wide: 0, narrow: 0 };
    const waiting: Array<() => void> = [];
    const slow = (kind: 'wide' | 'narrow') => async () => {
      live[kind] += 1;
      most[kind] = Math.max(most[kind], live[kind]);
      await new Promise<void>((r) => waiting.push(r));
      live[kind] -= 1;
    };
    runner.register('wide', { run: slow('wide'), concurrency: 2 });
    runner.register('narrow', { run: slow('narrow') });
    for (let i = 0; i < 4; i += 1) {
      await enqueueJob(t.ctx.db, 'wide', { i });
      await enqueueJob(t.ctx.db, 'narrow', { i });
    }
    runner.start();
    // Release whatever runs, a batch at a time, until all eight are done.
    const done = async () =>
      (await t.ctx.db.select().from(jobs)).filter(
        (j) => ['wide', 'narrow'].includes(j.kind) && j.status === 'done',
      ).length;
    const deadline = Date.now() + 20_000;
    while ((await done()) < 8 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      for (const release of waiting.splice(0)) release();
    }
    await runner.stop();
    expect(await done()).toBe(8);
    expect(most).toEqual({ wide: 2, narrow: 1 });
  });

  it('a poke for a kind with no free slot asks the database nothing; the slot, once free, does', async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log, { stopGraceMs: 100, pollMs: 60_000 });
    const claims = vi.spyOn(runner as unknown as { claim: () => Promise<unknown> }, 'claim');
    const ran: number[] = [];
    let releaseFirst = () => {};
    runner.register('one-at-a-time', {
      run: async (payload) => {
        const { i } = payload as { i: number };
        ran.push(i);
        if (i === 0) await new Promise<void>((r) => (releaseFirst = r));
      },
    });
    await enqueueJob(t.ctx.db, 'one-at-a-time', { i: 0 });
    runner.start();
    await vi.waitFor(() => expect(ran).toEqual([0]));
    await vi.waitFor(() => expect(claims.mock.results.at(-1)?.value).resolves.toBeNull());
    const before = claims.mock.calls.length;

    await enqueueJob(t.ctx.db, 'one-at-a-time', { i: 1 });
    runner.poke('one-at-a-time');
    await new Promise((r) => setTimeout(r, 50));
    expect(claims.mock.calls.length).toBe(before);
    expect(ran).toEqual([0]);

    releaseFirst();
    await vi.waitFor(() => expect(ran).toEqual([0, 1]));
    await runner.stop();
  });

  it('hands back every job in hand on stop', async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log, { stopGraceMs: 100 });
    let started = 0;
    let bothStarted = () => {};
    const hasStarted = new Promise<void>((r) => (bothStarted = r));
    runner.register('endless-pair', {
      concurrency: 2,
      run: () => {
        started += 1;
        if (started === 2) bothStarted();
        return new Promise<void>(() => {});
      },
    });
    await enqueueJob(t.ctx.db, 'endless-pair', {});
    await enqueueJob(t.ctx.db, 'endless-pair', {});
    runner.start();
    await hasStarted;
    await runner.stop();
    const rows = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'endless-pair'));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['queued', 0],
      ['queued', 0],
    ]);
  });
});
