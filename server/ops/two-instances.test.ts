import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../platform/sessions';
import { until } from '../test/child-server';
import { runHandInLoop } from '../test/hand-in-loop';
import { createPostgresDatabase, uniqueEmail } from '../test/harness';
import { type ServerProcess, startApp, stopAll } from '../test/processes';
import { alternating, ProxiedClient, SITE } from '../test/proxied-client';
import { startSmtpCapture } from '../test/smtp-capture';

/*
 * Issue #12, item 8: two app instances behind one (simulated) TLS proxy, on one
 * PostgreSQL database and one file store, as docs/deploy.md sets them up. Every request
 * of every client goes to the other instance than its previous one, so nothing may live
 * in one process's memory: sessions, the classroom key, uploads, the extraction job,
 * share links and downloads all have to be found by the other process.
 */

const postgres = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgres)('two app instances on one PostgreSQL database', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'cv-two-instances-'));
  const processes: ServerProcess[] = [];
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    smtp = await startSmtpCapture();
    database = await createPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: SITE,
      TRUST_PROXY: '1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-test-password',
    };
    // Started together on an empty database, as a process manager starts them: both
    // migrate at once.
    processes.push(...(await Promise.all([startApp('app-a', env), startApp('app-b', env)])));
  }, 180_000);

  afterAll(async () => {
    await stopAll();
    await database?.drop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
    console.info(`Two-instance test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('runs hand-in, extraction, feedback and sharing with every request on the other instance', async () => {
    const [a, b] = processes.map((server) => server.base) as [string, string];
    const teacher = new ProxiedClient(alternating([a, b]), '198.51.100.10');
    const pupil = new ProxiedClient(alternating([b, a]), '198.51.100.20');
    const parent = new ProxiedClient(alternating([a, b]), '198.51.100.30');

    await runHandInLoop({ teacher, pupil, parent }, smtp, uniqueEmail('two-instances'));

    for (const client of [teacher, pupil, parent]) {
      expect(client.served.length).toBeGreaterThanOrEqual(4);
      client.served.forEach((base, i) => {
        if (i > 0) expect(base).not.toBe(client.served[i - 1]);
      });
    }
    console.info(
      `Requests: teacher ${teacher.served.length}, pupil ${pupil.served.length}, parent ${parent.served.length}`,
    );

    // Signing out on one instance ends the session on the other within the session
    // cache's few seconds (docs/deploy.md): the other instance keeps no copy for longer.
    const signedIn = teacher.cookieHeader;
    // The logout goes to the instance after the last one; the last one is asked after.
    const other = teacher.served.at(-1)!;
    const loggedOut = await teacher.post('/api/auth/logout');
    expect(loggedOut.status).toBe(200);
    expect(teacher.served.at(-1)).not.toBe(other);
    const took = await until(async () => {
      const answer = await fetch(`${other}/api/auth/user`, { headers: { cookie: signedIn } });
      return answer.status === 401;
    }, SESSION_CACHE_MS + 2_000);
    console.info(`Sign-out reached the other instance after ${took} ms`);
  }, 300_000);
});
