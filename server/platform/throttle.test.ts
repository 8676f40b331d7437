import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testBackends } from '../test/harness';
import { AppError } from './errors';
import { Throttle } from './throttle';

describe.each(testBackends())('throttle on %s', (backend) => {
  let t: TestApp;
  let throttle: Throttle;
  const rule = { limit: 3, windowMs: 60_000 };

  beforeAll(async () => {
    t = await startTestApp(backend);
    throttle = new Throttle(t.ctx.db);
  });
  afterAll(async () => t?.close());

  it('allows the limit, refuses the next with 429, and opens again after the window', async () => {
    const start = new Date('2026-01-01T09:00:00Z');
    for (let i = 0; i < 3; i += 1) await throttle.hit('k1', rule, start);
    const refused = await throttle.hit('k1', rule, start).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    await expect(throttle.check('k1', rule, start)).rejects.toThrow(/Too many attempts/);
    const later = new Date(start.getTime() + 60_000);
    await expect(throttle.hit('k1', rule, later)).resolves.toBeUndefined();
  });

  it('keeps keys apart and can be reset', async () => {
    const now = new Date();
    for (let i = 0; i < 3; i += 1) await throttle.hit('k2', rule, now);
    await expect(throttle.check('k3', rule, now)).resolves.toBeUndefined();
    await throttle.reset('k2');
    await expect(throttle.check('k2', rule, now)).resolves.toBeUndefined();
  });
});
