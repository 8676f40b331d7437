import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Activity, RECENT_ACTIVITY_LIMIT } from '../../../contract/activity';
import { documents, lessonPlans, lessons, links, parentReports, students } from '../../db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('recent activity on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const activityOf = async (cookie: string) => {
    const response = await as(cookie, 'GET', '/api/activity');
    expect(response.statusCode).toBe(200);
    return response.json() as Activity[];
  };
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  async function pupil(teacherId: number, name: string) {
    const [row] = await t.ctx.db
      .insert(students)
      .values({ teacherId, name, surname: 'Okafor', yearGroup: 'Year 5' })
      .returning({ id: students.id });
    return row!.id;
  }

  it('asks who is calling', async () => {
    expect((await t.app.inject({ url: '/api/activity' })).statusCode).toBe(401);
  });

  it('is empty for a new teacher', async () => {
    const fresh = await signedInTeacher(t, 'Nia');
    expect(await activityOf(fresh.cookie)).toEqual([]);
  });

  it("counts each plan's own lessons", async () => {
    const owner = await signedInTeacher(t, 'Ada');
    const plans = await t.ctx.db
      .insert(lessonPlans)
      .values([
        { teacherId: owner.teacher.id, title: 'Three', dateRange: 'Week 1' },
        { teacherId: owner.teacher.id, title: 'One', dateRange: 'Week 2' },
      ])
      .returning({ id: lessonPlans.id });
    const lesson = (planId: number, title: string) => ({
      teacherId: owner.teacher.id,
      planId,
      title,
      description: '',
      timeSlot: '9:00 - 9:45 AM',
      day: 'Monday' as const,
    });
    await t.ctx.db
      .insert(lessons)
      .values([
        lesson(plans[0]!.id, 'Maths'),
        lesson(plans[0]!.id, 'English'),
        lesson(plans[0]!.id, 'Science'),
        lesson(plans[1]!.id, 'Art'),
      ]);
    const described = Object.fromEntries(
      (await activityOf(owner.cookie)).map((item) => [item.title, item.description]),
    );
    expect(described.Three).toBe('Plan created · Week 1 · 3 lessons');
    expect(described.One).toBe('Plan created · Week 2 · 1 lesson');
  });

  it('merges hand-ins, shared feedback, lesson plans and reports, newest first, with statuses', async () => {
    const owner = await signedInTeacher(t, 'Grace');
    const { keyId } = await classroomKeyOf(t, owner.cookie);
    const submitted = await handIn(t, keyId, { title: 'Volcano Diary', firstName: 'Maya' });
    expect(submitted.statusCode).toBe(200);
    const [doc] = await t.ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.teacherId, owner.teacher.id));
    const documentId = doc!.id;

    const shared = await as(owner.cookie, 'POST', `/api/documents/${documentId}/share-feedback`, {
      studentName: 'Maya P.',
      sendEmail: false,
    });
    expect(shared.statusCode).toBe(200);

    const plan = await as(owner.cookie, 'POST', '/api/lesson-plans', {
      title: 'Week of volcanoes',
      dateRange: 'Nov 23 - Nov 27',
    });
    expect(plan.statusCode).toBe(200);
    const planId = plan.json().id as number;

    const pupilId = await pupil(owner.teacher.id, 'Tomi');
    const draft = await as(owner.cookie, 'POST', '/api/parent-reports', {
      studentId: pupilId,
      subjects: 'Science',
      content: 'Tomi explained how magma rises.',
    });
    expect(draft.statusCode).toBe(200);
    const sent = await as(owner.cookie, 'POST', '/api/parent-reports', {
      studentId: pupilId,
      subjects: 'Reading',
      content: 'Tomi reads every evening.',
    });
    const sentId = sent.json().id as number;
    expect(
      (await as(owner.cookie, 'POST', `/api/parent-reports/${sentId}/share`, { sendEmail: false }))
        .statusCode,
    ).toBe(200);

    // Spread the events out so the order is decided by their dates, not insertion order.
    await t.ctx.db
      .update(documents)
      .set({ createdAt: minutesAgo(50) })
      .where(eq(documents.id, documentId));
    await t.ctx.db
      .update(links)
      .set({ createdAt: minutesAgo(40) })
      .where(eq(links.documentId, documentId));
    await t.ctx.db
      .update(lessonPlans)
      .set({ createdAt: minutesAgo(60), updatedAt: minutesAgo(10) })
      .where(eq(lessonPlans.id, planId));
    await t.ctx.db
      .update(parentReports)
      .set({ updatedAt: minutesAgo(30) })
      .where(eq(parentReports.id, draft.json().id));
    await t.ctx.db
      .update(parentReports)
      .set({ sentAt: minutesAgo(20), updatedAt: minutesAgo(20) })
      .where(eq(parentReports.id, sentId));

    const activity = await activityOf(owner.cookie);
    expect(
      activity.map(({ source, targetId, type, status }) => [source, targetId, type, status]),
    ).toEqual([
      ['lesson-plan', planId, 'lesson', 'draft'],
      ['report', sentId, 'report', 'completed'],
      ['report', draft.json().id, 'report', 'draft'],
      ['feedback-shared', documentId, 'document', 'completed'],
      ['hand-in', documentId, 'document', 'completed'],
    ]);
    expect(activity[0]).toMatchObject({
      id: `lesson-plan-${planId}`,
      title: 'Week of volcanoes',
      description: 'Plan edited · Nov 23 - Nov 27 · 0 lessons',
    });
    expect(activity[1]).toMatchObject({
      title: 'Parent report: Tomi Okafor',
      description: 'Reading · Sent to parents',
    });
    expect(activity[2]).toMatchObject({ description: 'Science · Draft', status: 'draft' });
    expect(activity[3]).toMatchObject({
      title: 'Feedback shared: Volcano Diary',
      description: 'Shared with Maya P.',
    });
    // Sharing moved the hand-in on, so it counts as completed.
    expect(activity[4]).toMatchObject({
      title: 'Volcano Diary',
      description: 'Handed in by Maya PA · Feedback shared',
    });
    const dates = activity.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('shows a hand-in awaiting marking as in progress', async () => {
    const owner = await signedInTeacher(t, 'Ravi');
    await t.ctx.db.insert(documents).values({
      uniqueId: randomBytes(12).toString('base64url'),
      teacherId: owner.teacher.id,
      title: 'Fractions worksheet',
      author: 'Sam K.',
    });
    const [item] = await activityOf(owner.cookie);
    expect(item).toMatchObject({
      type: 'document',
      status: 'in_progress',
      description: 'Handed in by Sam K. · New hand-in',
    });
  });

  it('returns only the teacher’s own events, at most the limit, the newest', async () => {
    const owner = await signedInTeacher(t, 'Lena');
    const stranger = await signedInTeacher(t, 'Omar');
    const count = RECENT_ACTIVITY_LIMIT + 3;
    await t.ctx.db.insert(documents).values(
      Array.from({ length: count }, (_, index) => ({
        uniqueId: randomBytes(12).toString('base64url'),
        teacherId: owner.teacher.id,
        title: `Essay ${index}`,
        author: 'Ivy B.',
        // Essay 0 is the oldest.
        createdAt: minutesAgo(count - index),
      })),
    );
    const strangerPupil = await pupil(stranger.teacher.id, 'Zed');
    await as(stranger.cookie, 'POST', '/api/parent-reports', {
      studentId: strangerPupil,
      subjects: 'Art',
      content: 'Zed paints well.',
    });
    await as(stranger.cookie, 'POST', '/api/lesson-plans', {
      title: 'Art week',
      dateRange: 'Next',
    });

    const activity = await activityOf(owner.cookie);
    expect(activity).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(activity.map((item) => item.title)).toEqual(
      Array.from({ length: RECENT_ACTIVITY_LIMIT }, (_, index) => `Essay ${count - 1 - index}`),
    );
    const strangers = await activityOf(stranger.cookie);
    expect(strangers.map((item) => item.source).sort()).toEqual(['lesson-plan', 'report']);
    expect(strangers.some((item) => item.title.startsWith('Essay'))).toBe(false);
  });
});
