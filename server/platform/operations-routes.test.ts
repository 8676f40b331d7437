import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import type { FileStore } from './file-store';
import { enqueueJob } from './jobs';
import { Readiness } from './readiness';

/*
 * What a proxy's health check and a Prometheus scraper read: readiness with its three
 * checks, and the metrics' text, whose request series are named by route pattern only.
 */

describe('readiness and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    // With a logger, as in production: requests are counted where their log line is made.
    t = await startTestApp('pglite', { LOG_LEVEL: 'info' }, { logStream: { write: () => {} } });
  });
  afterAll(async () => t?.close());

  it('is ready when the database and the store answer and the schema is this build’s', async () => {
    const answer = await t.app.inject({ url: '/api/health/ready' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toEqual({ ok: true, message: 'answers' });
    expect(body.checks.storage.ok).toBe(true);
    expect(body.checks.migrations.message).toMatch(/^\d+ applied, as this build knows$/);
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
  });

  it('is not ready when the store fails, naming why', async () => {
    const broken = {
      checkReachable: async () => {
        throw new Error('S3 bucket "cv" is not usable: the bucket does not exist');
      },
    } as unknown as FileStore;
    const report = await new Readiness(t.ctx.db, broken).report();
    expect(report.ready).toBe(false);
    expect(report.checks.storage).toEqual({
      ok: false,
      message: 'S3 bucket "cv" is not usable: the bucket does not exist',
    });
    expect(report.checks.database.ok).toBe(true);
  });

  it('is not ready on a database with a migration this build does not know', async () => {
    await t.ctx.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', 4102444800000)`,
    );
    try {
      const answer = await t.app.inject({ url: '/api/health/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        status: 'not_ready',
        code: 'not_ready',
        checks: {
          migrations: {
            ok: false,
            message: 'the database has 1 migration(s) this build does not know',
          },
        },
      });
    } finally {
      await t.ctx.db.execute(
        sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-build'`,
      );
    }
  });

  it('says it is not ready once it is shutting down', async () => {
    const readiness = new Readiness(t.ctx.db, t.ctx.files);
    readiness.drain();
    const report = await readiness.report();
    expect(report).toMatchObject({ ready: false, draining: true });
    expect(report.checks.database.ok).toBe(true);
  });

  it('counts requests by route pattern, never by their address', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/documents/73914' });
    await t.app.inject({ url: '/api/documents/id/secret-unique-id-2231' });
    await t.app.inject({ url: '/documents/otter-maple-cloud/ab12cd34' });
    const answer = await t.app.inject({ url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(text).toMatch(
      /classroom_voice_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/,
    );
    expect(text).toContain(
      'classroom_voice_http_request_duration_seconds_count{method="GET",route="/api/documents/:id",status_code="401"}',
    );
    expect(text).toContain('route="/api/documents/id/:uniqueId"');
    expect(text).toContain('route="unmatched"');
    for (const secret of ['73914', 'secret-unique-id-2231', 'otter-maple-cloud', 'ab12cd34']) {
      expect(text).not.toContain(secret);
    }
    // A histogram Prometheus can read: cumulative buckets ending in +Inf equal to the count.
    const health = (suffix: string) =>
      Number(
        new RegExp(
          `classroom_voice_http_request_duration_seconds_${suffix}\\{method="GET",route="/api/health",status_code="200"(?:,le="\\+Inf")?\\} (\\d+)`,
        ).exec(text)?.[1],
      );
    expect(health('bucket')).toBe(health('count'));
  });

  it('reports the queue by kind and state, from the database', async () => {
    await enqueueJob(t.ctx.db, 'metrics-probe', {});
    await enqueueJob(t.ctx.db, 'metrics-probe', {});
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(text).toContain('classroom_voice_jobs{kind="metrics-probe",state="ready"} 2');
    expect(text).toMatch(
      /classroom_voice_job_oldest_seconds\{kind="metrics-probe",state="ready"\} \d/,
    );
    expect(text).toContain('classroom_voice_backlog{work="render"} 0');
    expect(text).toContain('classroom_voice_database_up 1');
  });

  it('answers metrics only to a request that did not come through the proxy', async () => {
    const answer = await t.app.inject({
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('not_found');
  });
});
