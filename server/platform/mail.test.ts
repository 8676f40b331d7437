import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../db/schema';
import { startTestApp, type TestApp, testBackends, uniqueEmail } from '../test/harness';
import { freePort } from '../test/processes';
import { startSmtpCapture } from '../test/smtp-capture';
import { DELIVER_MAIL_JOB, isPermanentRefusal, MAIL_RETRY } from './mail/delivery';

/*
 * E-mail delivery through the job queue (decision 0004): a real SMTP server in-process,
 * started, stopped and refusing as a school's relay might. "Time passing" until a retry
 * is due is a moved run_after; the back-off itself is checked on the recorded rows.
 */

const PASSWORD = 'correct-horse-battery';

describe.each(testBackends())('e-mail delivery on %s', (backend) => {
  let t: TestApp;
  let relayPort: number;
  let relay: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;

  beforeAll(async () => {
    // The relay's address is fixed; whether anything answers there is up to each test.
    relayPort = await freePort();
    t = await startTestApp(backend, {
      SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
      PUBLIC_URL: 'http://cv.test',
    });
  });
  afterEach(async () => {
    await relay?.close();
    relay = undefined;
  });
  afterAll(async () => t?.close());

  const outboxTo = async (to: string) =>
    (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0]!;
  const jobFor = async (outboxId: number) =>
    (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, DELIVER_MAIL_JOB))).find(
      (job) => (job.payload as { outboxId: number }).outboxId === outboxId,
    )!;
  /** The wait until the retry is over: the job becomes due now. */
  const retryComesDue = (jobId: number) =>
    t.ctx.db
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));
  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        firstName: 'Grace',
        lastName: 'Hopper',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        profileImageUrl: null,
      },
    });

  it('keeps the action working while the relay is down, then delivers once when it is back', async () => {
    const email = uniqueEmail();
    const registered = await register(email);
    expect(registered.statusCode).toBe(200);

    await t.ctx.jobs.drain();
    const failed = await outboxTo(email);
    expect(failed).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.textBody).toContain('http://cv.test/api/auth/verify-email?token=');
    const job = await jobFor(failed.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    // The first retry is half a minute away.
    expect(job.runAfter.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect(job.runAfter.getTime() - Date.now()).toBeLessThanOrEqual(30_000);

    relay = await startSmtpCapture({ port: relayPort });
    await t.ctx.jobs.drain(); // not due yet: nothing is sent
    expect(relay.inbox).toHaveLength(0);

    await retryComesDue(job.id);
    await t.ctx.jobs.drain();
    const mail = await relay.waitForMail(email, /Verify your Classroom Voice/);
    expect(mail.text).toContain('http://cv.test/api/auth/verify-email?token=');
    expect(await outboxTo(email)).toMatchObject({
      attempts: 2,
      textBody: '[delivered]',
      htmlBody: null,
    });
    expect((await outboxTo(email)).sentAt).toBeInstanceOf(Date);
    expect(await jobFor(failed.id)).toMatchObject({ status: 'done', attempts: 2 });

    // The worker dies after marking the message sent but before marking its job done: the
    // job is claimed again once its lease runs out, and sends nothing a second time.
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', leaseUntil: new Date(Date.now() - 1000), finishedAt: null })
      .where(eq(jobs.id, job.id));
    await t.ctx.jobs.drain();
    expect(await jobFor(failed.id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(relay.inbox.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('gives up at once when the relay refuses the recipient, and keeps why', async () => {
    relay = await startSmtpCapture({ port: relayPort, refuse: /^nobody@/ });
    const to = `nobody@${uniqueEmail().split('@')[1]}`;
    await t.ctx.mailer.send({ to, subject: 'Feedback on "Volcanoes"', text: 'A secret link' });
    await t.ctx.jobs.drain();
    const row = await outboxTo(to);
    expect(row).toMatchObject({ sentAt: null, attempts: 1, textBody: '[not delivered]' });
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastError).toMatch(/550.*mailbox unavailable/);
    expect(await jobFor(row.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(relay.inbox).toHaveLength(0);
  });

  it('tries for about a day while the relay stays down, then gives up with the error kept', async () => {
    const to = uniqueEmail('parent');
    await t.ctx.mailer.send({ to, subject: 'A report about Maya', text: 'A secret link' });
    const { id } = await outboxTo(to);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_RETRY.maxAttempts; attempt += 1) {
      await t.ctx.jobs.drain();
      const job = await jobFor(id);
      expect(job.attempts).toBe(attempt);
      if (job.status === 'failed') break;
      expect(job.status).toBe('queued');
      waits.push(job.runAfter.getTime() - Date.now());
      await retryComesDue(job.id);
    }
    const job = await jobFor(id);
    expect(job).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts });
    const hours = waits.reduce((sum, ms) => sum + ms, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(25);
    const row = await outboxTo(to);
    expect(row).toMatchObject({
      sentAt: null,
      attempts: MAIL_RETRY.maxAttempts,
      textBody: '[not delivered]',
    });
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    // Given up is final: a stray run of the job (a requeue by hand) sends nothing.
    relay = await startSmtpCapture({ port: relayPort });
    await t.ctx.db
      .update(jobs)
      .set({ status: 'queued', runAfter: new Date(Date.now() - 1000), attempts: 0 })
      .where(eq(jobs.id, job.id));
    await t.ctx.jobs.drain();
    expect(relay.inbox).toHaveLength(0);
  }, 60_000);

  it('sends nothing for a message erased before its turn came', async () => {
    relay = await startSmtpCapture({ port: relayPort });
    const to = uniqueEmail('erased');
    await t.ctx.mailer.send({ to, subject: 'About a pupil', text: 'Erased with the pupil' });
    const { id } = await outboxTo(to);
    await t.ctx.db.delete(mailOutbox).where(eq(mailOutbox.id, id));
    await t.ctx.jobs.drain();
    expect(await jobFor(id)).toMatchObject({ status: 'done' });
    expect(relay.inbox).toHaveLength(0);
  });
});

describe.each(testBackends())('e-mail without SMTP on %s', (backend) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      backend,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => t?.close());

  it('keeps the message in the outbox and logs only whom it is for and what about, queuing no job', async () => {
    const to = uniqueEmail();
    await t.ctx.mailer.send({
      to,
      subject: 'Verify',
      text: 'Open http://cv.test/verify?token=abc',
      html: '<a href="http://cv.test/verify?token=abc">Verify</a>',
    });
    const log = lines.join('');
    expect(log).toContain(to);
    expect(log).toContain('"subject":"Verify"');
    expect(log).not.toContain('token=abc');
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    expect(row).toMatchObject({ sentAt: null, attempts: 0 });
    expect(row?.textBody).toBe('Open http://cv.test/verify?token=abc');
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.kind, DELIVER_MAIL_JOB))).toEqual([]);
  });
});

describe('which relay replies end the tries', () => {
  it('treats a refusal of the message as final, a login or TLS problem as worth retrying', () => {
    expect(isPermanentRefusal({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentRefusal({ responseCode: 552, code: 'EMESSAGE' })).toBe(true);
    expect(isPermanentRefusal({ responseCode: 451, code: 'EENVELOPE' })).toBe(false);
    expect(isPermanentRefusal({ responseCode: 421, code: 'EPROTOCOL' })).toBe(false);
    expect(isPermanentRefusal({ responseCode: 535, code: 'EAUTH' })).toBe(false);
    expect(isPermanentRefusal({ responseCode: 530, code: 'EENVELOPE' })).toBe(false);
    expect(isPermanentRefusal({ code: 'ECONNECTION' })).toBe(false);
  });
});
