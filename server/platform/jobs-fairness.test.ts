import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testBackends } from '../test/harness';
import { enqueueJob, JobRunner } from './jobs';

/*
 * Owners take turns: one teacher's burst of renders does not hold up another teacher's,
 * which starts as soon as a slot frees, not after the whole burst.
 */
describe.each(testBackends())('jobs taking turns by owner on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('interleaves a burst from one owner with another owner’s job', async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log);
    const order: string[] = [];
    runner.register('turns', {
      run: async (payload) => void order.push((payload as { name: string }).name),
    });
    for (let i = 1; i <= 5; i += 1) {
      await enqueueJob(t.ctx.db, 'turns', { name: `ada-${i}` }, { fairKey: 'teacher:ada' });
    }
    await enqueueJob(t.ctx.db, 'turns', { name: 'grace-1' }, { fairKey: 'teacher:grace' });
    await enqueueJob(t.ctx.db, 'turns', { name: 'grace-2' }, { fairKey: 'teacher:grace' });
    await enqueueJob(t.ctx.db, 'turns', { name: 'unowned' });
    await runner.drain();
    // Grace queued after all five of Ada's and still goes second; nobody owns 'unowned',
    // so it waits for no one and keeps its place among the never-served.
    expect(order).toEqual([
      'ada-1',
      'grace-1',
      'unowned',
      'ada-2',
      'grace-2',
      'ada-3',
      'ada-4',
      'ada-5',
    ]);
  });

  it('starts the owner with nothing running before one with a job in hand', async () => {
    const runner = new JobRunner(t.ctx.db, t.ctx.log);
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    runner.register('slots', {
      concurrency: 2,
      run: async (payload) => {
        const { name } = payload as { name: string };
        order.push(name);
        if (name === 'ada-1') await held;
      },
    });
    for (let i = 1; i <= 3; i += 1) {
      await enqueueJob(t.ctx.db, 'slots', { name: `ada-${i}` }, { fairKey: 'teacher:ada-2' });
    }
    await enqueueJob(t.ctx.db, 'slots', { name: 'grace-1' }, { fairKey: 'teacher:grace-2' });
    runner.start();
    while (order.length < 2) await new Promise((r) => setTimeout(r, 20));
    // Ada's first holds a slot; the second slot goes to Grace, not to Ada's second.
    expect(order.slice(0, 2)).toEqual(['ada-1', 'grace-1']);
    release();
    while (order.length < 4) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    expect(order.slice(2)).toEqual(['ada-2', 'ada-3']);
  });
});
