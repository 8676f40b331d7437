import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, feedback, jobs, lessonPlans, links, linkViews } from '../../db/schema';
import { HAND_IN_NOTICE_JOB } from '../../records/pupil-access';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { firstLink, startSmtpCapture } from '../../test/smtp-capture';
import { sendLessonPlanReminders } from './plan-reminder';
import { sendWeeklyDigests } from './weekly-digest';

describe.each(testBackends())('teacher e-mails on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://cv.test' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload });
  const mailsTo = (address: string) => smtp.inbox.filter((m) => m.to.includes(address));

  /** Moves the clock on past the batching window: the queued notice is due now. */
  const windowElapses = async (teacherId: number) => {
    await t.ctx.db
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, HAND_IN_NOTICE_JOB), eq(jobs.status, 'queued')));
    await t.ctx.jobs.drain();
    void teacherId;
  };

  it('batches hand-ins: two within 15 minutes are one e-mail listing both, first names only', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Ada');
    const key = await classroomKeyOf(t, cookie);
    expect((await put(cookie, { emailNotifications: true })).statusCode).toBe(200);

    await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA', title: 'Secret title' });
    await handIn(t, key.keyId, { firstName: 'Leo', surnameInitials: 'KO' });
    await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA' });
    await t.ctx.jobs.drain(); // extraction runs; the notice waits for its window
    expect(mailsTo(teacher.email)).toHaveLength(0);
    const queued = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, HAND_IN_NOTICE_JOB), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAfter.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    await windowElapses(teacher.id);
    const mail = await smtp.waitForMail(teacher.email, /3 pieces of work handed in/);
    expect(mail.text).toContain('Leo, Maya (2)');
    expect(mail.text).not.toMatch(/PA|KO|Secret title/);
    expect(firstLink(mail.text)).toBe('http://cv.test/teacher/documents');
    // Each e-mail is a deliver-mail job: the test runs the queued jobs, then looks.
    await t.ctx.jobs.drain();
    expect(mailsTo(teacher.email)).toHaveLength(1);

    // The next hand-in opens a new window and is not listed with the earlier ones again.
    await handIn(t, key.keyId, { firstName: 'Sam', surnameInitials: 'NE' });
    await windowElapses(teacher.id);
    const second = await smtp.waitForMail(teacher.email, /A pupil handed in work/);
    expect(second.text).toContain('1 piece of work was handed in to you: Sam.');
    await t.ctx.jobs.drain();
    expect(mailsTo(teacher.email)).toHaveLength(2);
  }, 120_000);

  it('sends nothing about hand-ins when e-mail notifications are off', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Bea');
    const key = await classroomKeyOf(t, cookie);
    await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA' });
    // Switched on and off again while a notice waits: still nothing.
    await put(cookie, { emailNotifications: true });
    await handIn(t, key.keyId, { firstName: 'Leo', surnameInitials: 'KO' });
    await put(cookie, { emailNotifications: false });
    await windowElapses(teacher.id);
    expect(mailsTo(teacher.email)).toHaveLength(0);
  }, 60_000);

  it('sends the weekly digest once, on Monday morning, with last week’s figures', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Cora');
    const key = await classroomKeyOf(t, cookie);
    await put(cookie, { weeklyDigest: true });
    const a = (await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA' })).json();
    const b = (await handIn(t, key.keyId, { firstName: 'Leo', surnameInitials: 'KO' })).json();
    // Moved clock: "now" is Monday 7 December 2026, 08:00; the work came in the week before.
    const monday = new Date('2026-12-07T08:00:00Z');
    const lastWeek = new Date('2026-12-02T10:00:00Z');
    const older = new Date('2026-11-25T10:00:00Z');
    await t.ctx.db.update(documents).set({ createdAt: lastWeek }).where(eq(documents.id, a.id));
    await t.ctx.db.update(documents).set({ createdAt: older }).where(eq(documents.id, b.id));
    for (const [i, at] of [lastWeek, lastWeek, older].entries()) {
      await t.ctx.db.insert(feedback).values({
        teacherId: teacher.id,
        documentId: a.id,
        type: 'text',
        content: `Comment ${i}`,
        highlightId: `hl-${i}`,
        createdAt: at,
      });
    }
    const [link] = await t.ctx.db
      .insert(links)
      .values({
        kind: 'feedback',
        teacherId: teacher.id,
        documentId: a.id,
        keyHash: `digest-test-${teacher.id}`,
        expiresAt: new Date('2027-01-01T00:00:00Z'),
      })
      .returning();
    await t.ctx.db.insert(linkViews).values([
      { linkId: link!.id, viewedAt: lastWeek },
      { linkId: link!.id, viewedAt: lastWeek },
      { linkId: link!.id, viewedAt: older },
    ]);

    // Sunday evening and Monday before seven are too early.
    expect(await sendWeeklyDigests(t.ctx, new Date('2026-12-06T20:00:00Z'))).toBe(0);
    expect(await sendWeeklyDigests(t.ctx, new Date('2026-12-07T06:00:00Z'))).toBe(0);
    expect(await sendWeeklyDigests(t.ctx, monday)).toBeGreaterThanOrEqual(1);
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail(teacher.email, /Your week in Classroom Voice/);
    expect(mail.subject).toContain('Monday 30 November 2026');
    expect(mail.text).toContain('Work handed in: 1');
    expect(mail.text).toContain('Feedback given: 2 comments on 1 document');
    expect(mail.text).toContain('Shared links opened: 2');
    expect(mail.text).not.toMatch(/Maya|Leo|Comment/);
    expect(firstLink(mail.text)).toBe('http://cv.test/teacher');

    // Idempotent: a rerun the same Monday (another process, a restart) sends nothing.
    await sendWeeklyDigests(t.ctx, new Date('2026-12-07T09:00:00Z'));
    await t.ctx.jobs.drain();
    expect(mailsTo(teacher.email)).toHaveLength(1);
  }, 60_000);

  it('reminds on Friday afternoon when next week has no plan, once, and not when it has', async () => {
    const planner = await signedInTeacher(t, 'Dora');
    const idle = await signedInTeacher(t, 'Edie');
    for (const who of [planner, idle]) await put(who.cookie, { lessonPlanReminders: true });
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/lesson-plans',
      headers: { cookie: planner.cookie },
      payload: { title: 'Next week', dateRange: 'Week of 30 Nov' },
    });
    expect(plan.statusCode, plan.body).toBe(200);
    // Moved clock: Friday 4 December 2026, 15:00 UTC; the plan was changed that Tuesday.
    const friday = new Date('2026-12-04T15:00:00Z');
    await t.ctx.db
      .update(lessonPlans)
      .set({
        createdAt: new Date('2026-12-01T10:00:00Z'),
        updatedAt: new Date('2026-12-01T10:00:00Z'),
      })
      .where(eq(lessonPlans.id, plan.json().id));
    const thursday = new Date(friday.getTime() - 86_400_000);
    expect(await sendLessonPlanReminders(t.ctx, thursday)).toBe(0);
    // Saturday is too late for this week's reminder.
    expect(await sendLessonPlanReminders(t.ctx, new Date('2026-12-05T10:00:00Z'))).toBe(0);
    await sendLessonPlanReminders(t.ctx, friday);
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail(idle.teacher.email, /Next week has no lesson plan/);
    expect(firstLink(mail.text)).toBe('http://cv.test/teacher/lesson-planner');
    await sendLessonPlanReminders(t.ctx, new Date(friday.getTime() + 3_600_000));
    await t.ctx.jobs.drain();
    expect(mailsTo(idle.teacher.email)).toHaveLength(1);
    expect(mailsTo(planner.teacher.email)).toHaveLength(0);
  });

  it('tells the teacher when shared feedback is first opened, only once and only when asked', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Fay');
    const key = await classroomKeyOf(t, cookie);
    const doc = (await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA' })).json();
    const share = async () => {
      const shared = await t.app.inject({
        method: 'POST',
        url: `/api/documents/${doc.id}/share-feedback`,
        headers: { cookie },
        payload: { sendEmail: false },
      });
      expect(shared.statusCode, shared.body).toBe(200);
      return (shared.json().shareableLink as string).split('/').pop();
    };
    const quiet = await share();
    await t.app.inject({ url: `/api/feedback-view/${quiet}` });
    // Openings are written a moment after the answer; the notice is decided then.
    await t.ctx.linkViews.flush();

    await put(cookie, { documentComments: true });
    const watched = await share();
    await t.app.inject({ url: `/api/feedback-view/${watched}` });
    await t.ctx.linkViews.flush();
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail(teacher.email, /Your shared feedback was opened/);
    expect(mail.text).toContain("The feedback you shared on Maya's work");
    expect(firstLink(mail.text)).toBe(`http://cv.test/teacher/document/${doc.id}`);
    await t.app.inject({ url: `/api/feedback-view/${watched}` });
    await t.ctx.linkViews.flush();
    await t.ctx.jobs.drain();
    expect(mailsTo(teacher.email)).toHaveLength(1);
  });
});
