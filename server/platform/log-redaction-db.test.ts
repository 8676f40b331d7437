import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testBackends, uniqueEmail } from '../test/harness';

/* A failed insert is logged with its error; none of what was inserted may reach the log. */
describe.each(testBackends())('log lines of a failing insert (%s)', (backend) => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      backend,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    // Every new teacher row now fails, the way a full disk or a broken migration would.
    await t.ctx.db.execute(
      sql`alter table teachers add constraint refuse_new_rows check (id < 0) not valid`,
    );
  });
  afterAll(async () => t?.close());

  it('carries the failure but not the parameters, the password or its hash', async () => {
    const email = uniqueEmail('leak');
    const password = 'correct-horse-battery-staple';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        password,
        confirmPassword: password,
        firstName: 'Ada',
        lastName: 'Lovelace',
      },
    });
    expect(response.statusCode).toBe(500);

    const log = lines.join('');
    const failure = lines.map((line) => JSON.parse(line)).find((l) => l.msg === 'Unhandled error');
    expect(failure?.err?.message).toMatch(/^Failed query: insert into "teachers"/);
    expect(failure.err.message).toContain('params: [redacted]');
    expect(log).not.toContain(email);
    expect(log).not.toContain(password);
    expect(log).not.toContain('Lovelace');
    // Whatever the hash scheme, its prefix never appears.
    expect(log).not.toMatch(/scrypt\$/);
    expect(log).not.toMatch(/"params":\s*\[/);
  });
});
