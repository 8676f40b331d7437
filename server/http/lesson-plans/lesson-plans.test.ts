import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonPlanSchema, lessonSchema } from '../../../contract/lesson-plans';
import { UNSTORABLE_TEXT } from '../../../contract/text';
import { documents, feedback, lessonPlans, lessons, students } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { sessionCookie, startTestApp, type TestApp, testBackends } from '../../test/harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const LESSON = {
  title: 'Fractions',
  description: 'Equivalent fractions with fraction walls',
  timeSlot: '9:00 - 9:45 AM',
  day: 'Monday',
  color: 'blue',
};

describe.each(testBackends())('lesson planner API on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
  });
  afterAll(async () => t?.close());

  const as = (cookie: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const newPlan = async (
    cookie = owner.cookie,
    title = 'Week 1',
    dateRange = 'Nov 23 - 27, 2026',
  ) => {
    const response = await as(cookie, 'POST', '/api/lesson-plans', { title, dateRange });
    expect(response.statusCode).toBe(200);
    return lessonPlanSchema.parse(response.json());
  };
  const addLesson = async (planId: number, lesson: object = {}) => {
    const response = await as(owner.cookie, 'POST', `/api/lesson-plans/${planId}/lessons`, {
      ...LESSON,
      ...lesson,
    });
    expect(response.statusCode, response.body).toBe(200);
    return lessonSchema.parse(response.json());
  };
  const expect400 = async (response: Awaited<ReturnType<typeof as>>, message: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message, code: 'validation_error' });
  };

  it('creates, lists (newest first), renames and deletes plans', async () => {
    const { cookie } = await signedInTeacher(t, 'Mary');
    expect((await as(cookie, 'GET', '/api/lesson-plans')).json()).toEqual([]);
    const first = await newPlan(cookie, 'Autumn week 1');
    const second = await newPlan(cookie, 'Autumn week 2');
    expect(first).toMatchObject({ title: 'Autumn week 1', dateRange: 'Nov 23 - 27, 2026' });
    const list = (await as(cookie, 'GET', '/api/lesson-plans')).json();
    expect(list.map((plan: { id: number }) => plan.id)).toEqual([second.id, first.id]);
    const renamed = await as(cookie, 'PUT', `/api/lesson-plans/${first.id}`, { title: 'Renamed' });
    expect(renamed.json()).toMatchObject({ title: 'Renamed', dateRange: 'Nov 23 - 27, 2026' });
    expect((await as(cookie, 'GET', `/api/lesson-plans/${first.id}`)).json().title).toBe('Renamed');
    await expect400(
      await as(cookie, 'PUT', `/api/lesson-plans/${first.id}`, {}),
      'Nothing to change',
    );
    expect((await as(cookie, 'DELETE', `/api/lesson-plans/${first.id}`)).statusCode).toBe(200);
    expect((await as(cookie, 'GET', `/api/lesson-plans/${first.id}`)).statusCode).toBe(404);
    expect((await as(cookie, 'GET', '/api/lesson-plans')).json()).toHaveLength(1);
  });

  it('answers the spec’s messages for a plan and changes nothing', async () => {
    const before = (await t.ctx.db.select().from(lessonPlans)).length;
    const post = (body: unknown) => as(owner.cookie, 'POST', '/api/lesson-plans', body);
    await expect400(await post({ dateRange: 'This week' }), 'Title is required');
    await expect400(await post({ title: '   ', dateRange: 'This week' }), 'Title is required');
    await expect400(await post({ title: 'Week' }), 'Date range is required');
    await expect400(await post({ title: 'Week', dateRange: ' ' }), 'Date range is required');
    await expect400(await post({ title: 'x'.repeat(201), dateRange: 'w' }), 'Title is too long');
    await expect400(
      await post({ title: 'W', dateRange: 'd'.repeat(101) }),
      'Date range is too long',
    );
    expect((await t.ctx.db.select().from(lessonPlans)).length).toBe(before);
  });

  it('answers the spec’s message for every lesson field and changes nothing', async () => {
    const plan = await newPlan();
    const post = (body: object) =>
      as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, body);
    const without = (field: keyof typeof LESSON) => {
      const { [field]: _, ...rest } = LESSON;
      return rest;
    };
    await expect400(await post(without('title')), 'Title is required');
    await expect400(await post(without('description')), 'Description is required');
    await expect400(await post(without('timeSlot')), 'Time slot is required');
    await expect400(await post(without('day')), 'Day is required');
    await expect400(await post(without('color')), 'Color is required');
    await expect400(await post({ ...LESSON, title: ' ' }), 'Title is required');
    await expect400(await post({ ...LESSON, day: 'Saturday' }), 'Day must be Monday to Friday');
    await expect400(
      await post({ ...LESSON, color: 'orange' }),
      'Color must be blue, green, purple, yellow or red',
    );
    await expect400(
      await post({ ...LESSON, description: 'd'.repeat(5_001) }),
      'Description is too long',
    );
    await expect400(await post({ ...LESSON, timeSlot: 't'.repeat(61) }), 'Time slot is too long');
    const lesson = await addLesson(plan.id);
    const put = (body: object) => as(owner.cookie, 'PUT', `/api/lessons/${lesson.id}`, body);
    await expect400(await put({ day: 'Sunday' }), 'Day must be Monday to Friday');
    await expect400(await put({ title: '' }), 'Title is required');
    await expect400(await put({}), 'Nothing to change');
    const stored = await t.ctx.db.select().from(lessons).where(eq(lessons.planId, plan.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ title: 'Fractions', day: 'Monday' });
  });

  it('orders lessons by day then start time, unreadable slots last', async () => {
    const plan = await newPlan();
    await addLesson(plan.id, { title: 'Late', day: 'Tuesday', timeSlot: '1:00 - 1:45 PM' });
    await addLesson(plan.id, { title: 'Whenever', day: 'Monday', timeSlot: 'after assembly' });
    await addLesson(plan.id, { title: 'Early', day: 'Tuesday', timeSlot: '8:45 - 9:30 AM' });
    await addLesson(plan.id, { title: 'Mid', day: 'Monday', timeSlot: '11:00 AM - 12:00 PM' });
    const got = (await as(owner.cookie, 'GET', `/api/lesson-plans/${plan.id}`)).json();
    expect(got.lessons.map((l: { title: string }) => l.title)).toEqual([
      'Mid',
      'Whenever',
      'Early',
      'Late',
    ]);
    expect(got.lessons[1].timeSlot).toBe('after assembly');
  });

  it('moves, edits, duplicates and deletes a lesson', async () => {
    const plan = await newPlan();
    const lesson = await addLesson(plan.id);
    const moved = await as(owner.cookie, 'PUT', `/api/lessons/${lesson.id}`, { day: 'Friday' });
    expect(moved.json()).toMatchObject({ id: lesson.id, day: 'Friday', title: 'Fractions' });
    const edited = await as(owner.cookie, 'PUT', `/api/lessons/${lesson.id}`, {
      title: 'Decimals',
      description: 'Tenths',
      timeSlot: '10:00 - 10:45 AM',
      color: 'red',
    });
    expect(edited.json()).toMatchObject({ title: 'Decimals', day: 'Friday', color: 'red' });
    const copy = await as(owner.cookie, 'POST', `/api/lessons/${lesson.id}/duplicate`);
    expect(copy.json()).toMatchObject({
      title: 'Decimals',
      day: 'Friday',
      planId: plan.id,
      suggestionKey: null,
    });
    expect(copy.json().id).not.toBe(lesson.id);
    expect((await as(owner.cookie, 'DELETE', `/api/lessons/${lesson.id}`)).statusCode).toBe(200);
    expect((await as(owner.cookie, 'DELETE', `/api/lessons/${lesson.id}`)).statusCode).toBe(404);
    const left = (await as(owner.cookie, 'GET', `/api/lesson-plans/${plan.id}`)).json().lessons;
    expect(left.map((l: { id: number }) => l.id)).toEqual([copy.json().id]);
  });

  it('answers 404 for another teacher’s plan or lesson on every route, and changes nothing', async () => {
    const plan = await newPlan();
    const lesson = await addLesson(plan.id);
    const planRoutes: [Method, string, object?][] = [
      ['GET', `/api/lesson-plans/${plan.id}`],
      ['PUT', `/api/lesson-plans/${plan.id}`, { title: 'Mine now' }],
      ['DELETE', `/api/lesson-plans/${plan.id}`],
      ['POST', `/api/lesson-plans/${plan.id}/copy`, {}],
      ['POST', `/api/lesson-plans/${plan.id}/lessons`, LESSON],
      ['POST', `/api/lesson-plans/${plan.id}/ai-suggestion`],
    ];
    const lessonRoutes: [Method, string, object?][] = [
      ['PUT', `/api/lessons/${lesson.id}`, { day: 'Friday' }],
      ['POST', `/api/lessons/${lesson.id}/duplicate`],
      ['DELETE', `/api/lessons/${lesson.id}`],
    ];
    for (const [routes, message] of [
      [planRoutes, 'Lesson plan not found'],
      [lessonRoutes, 'Lesson not found'],
    ] as const) {
      for (const [method, url, body] of routes) {
        const response = await as(stranger.cookie, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message, code: 'not_found' });
        const badIds = ['abc', '0', '-1', '1.5', '99999999999', '2147483647'];
        for (const bad of badIds) {
          const badUrl = url.replace(/\/(\d+)(\/|$)/, `/${bad}$2`);
          const answer = await as(owner.cookie, method, badUrl, body);
          expect(answer.statusCode, `${method} ${badUrl}`).toBe(404);
          expect(answer.json().message).toBe(message);
        }
      }
    }
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/lesson-plans' });
    expect(unsigned.statusCode).toBe(401);
    expect((await as(stranger.cookie, 'GET', '/api/lesson-plans')).json()).toEqual([]);
    const still = (await as(owner.cookie, 'GET', `/api/lesson-plans/${plan.id}`)).json();
    expect(still).toMatchObject({ title: 'Week 1', lessons: [{ id: lesson.id, day: 'Monday' }] });
  });

  it('stores hostile text exactly, refuses NUL with a clear message, and oversized bodies without a 5xx', async () => {
    const plan = await newPlan();
    const hostile = {
      title: '<img src=x onerror=alert(1)> مرحبا بالعالم \u202Eevil',
      description: '"; DROP TABLE lessons; -- <script>alert(1)</script>\n\tשלום 👩‍🏫',
      timeSlot: '  9:00 - 9:45 AM  ',
    };
    const created = await addLesson(plan.id, hostile);
    expect(created).toMatchObject(hostile);
    const read = (await as(owner.cookie, 'GET', `/api/lesson-plans/${plan.id}`)).json();
    expect(read.lessons[0]).toMatchObject(hostile);
    const renamed = await as(owner.cookie, 'PUT', `/api/lesson-plans/${plan.id}`, {
      title: hostile.title,
    });
    expect(renamed.json().title).toBe(hostile.title);

    const before = (await t.ctx.db.select().from(lessons)).length;
    await expect400(
      await as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, {
        ...LESSON,
        title: 'a\u0000b',
      }),
      UNSTORABLE_TEXT,
    );
    await expect400(
      await as(owner.cookie, 'PUT', `/api/lessons/${created.id}`, { description: '\u0000' }),
      UNSTORABLE_TEXT,
    );
    await expect400(
      await as(owner.cookie, 'POST', '/api/lesson-plans', { title: 'x', dateRange: 'a\u0000' }),
      UNSTORABLE_TEXT,
    );
    const huge = await as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, {
      ...LESSON,
      description: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect((await t.ctx.db.select().from(lessons)).length).toBe(before);
  });

  it('copies a plan to next week with every lesson and the dates moved on', async () => {
    const plan = await newPlan(owner.cookie, 'Year 6');
    await addLesson(plan.id, { title: 'Maths', day: 'Monday' });
    await addLesson(plan.id, {
      title: 'Science',
      day: 'Wednesday',
      color: 'purple',
      suggestionKey: 'sg-x-1',
    });
    const copy = await as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/copy`);
    expect(copy.statusCode).toBe(200);
    const next = lessonPlanSchema.parse(copy.json());
    expect(next).toMatchObject({ title: 'Year 6 (copy)', dateRange: 'Nov 30 - Dec 4, 2026' });
    expect(next.id).not.toBe(plan.id);
    expect(next.lessons.map(({ title, day, color }) => ({ title, day, color }))).toEqual([
      { title: 'Maths', day: 'Monday', color: 'blue' },
      { title: 'Science', day: 'Wednesday', color: 'purple' },
    ]);
    const named = await as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/copy`, {
      title: 'Next',
    });
    expect(named.json()).toMatchObject({ title: 'Next', dateRange: 'Nov 30 - Dec 4, 2026' });
    const vague = await as(owner.cookie, 'POST', '/api/lesson-plans', {
      title: 'V',
      dateRange: 'This week',
    });
    const vagueCopy = await as(
      owner.cookie,
      'POST',
      `/api/lesson-plans/${vague.json().id}/copy`,
      {},
    );
    expect(vagueCopy.json()).toMatchObject({
      title: 'V (copy)',
      dateRange: 'This week (next week)',
      lessons: [],
    });
    await expect400(
      await as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/copy`, { title: ' ' }),
      'Title is required',
    );
    // The source is untouched.
    expect(
      (await as(owner.cookie, 'GET', `/api/lesson-plans/${plan.id}`)).json().lessons,
    ).toHaveLength(2);
  });

  it('adds a suggested lesson once, even when the same key arrives at once', async () => {
    const plan = await newPlan();
    const body = { ...LESSON, suggestionKey: 'sg-marking-0123456789abcdef' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, body),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const again = await as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, body);
    expect(again.json().id).toBe(answers[0]!.json().id);
    expect(await t.ctx.db.select().from(lessons).where(eq(lessons.planId, plan.id))).toHaveLength(
      1,
    );
    // Another plan may hold the same suggestion.
    const other = await newPlan();
    expect(
      (await as(owner.cookie, 'POST', `/api/lesson-plans/${other.id}/lessons`, body)).json().planId,
    ).toBe(other.id);
    await expect400(
      await as(owner.cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, {
        ...LESSON,
        suggestionKey: 'bad key!',
      }),
      'Suggestion key is invalid',
    );
  });

  it('suggests from the teacher’s marking (a re-teach in the lesson that covers it, a new lesson otherwise), and applying twice adds once', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Katherine');
    // Dates naming no week: no day of it has passed, whatever day the test runs on.
    const plan = await newPlan(cookie, 'Year 5', 'Spring term, week 3');
    for (const [day, title] of [
      ['Monday', 'Maths'],
      ['Tuesday', 'English'],
      ['Wednesday', 'Maths'],
    ]) {
      await as(cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, { ...LESSON, day, title });
    }
    for (const [index, name] of ['Maya', 'Leo', 'Sam'].entries()) {
      const [pupil] = await t.ctx.db
        .insert(students)
        .values({ teacherId: teacher.id, name })
        .returning();
      const [doc] = await t.ctx.db
        .insert(documents)
        .values({
          uniqueId: `frac000${index}`,
          teacherId: teacher.id,
          studentId: pupil!.id,
          title: 'Maths homework',
          author: name,
        })
        .returning();
      await t.ctx.db.insert(feedback).values({
        teacherId: teacher.id,
        documentId: doc!.id,
        type: 'text',
        content: `${name}, check the denominator before adding these fractions.`,
        highlightId: `hl-${index}`,
        highlightedText: '1/2 + 1/3 = 2/5',
      });
    }
    // Spoken feedback with no typed note counts by its transcript.
    for (const [index, name] of ['Ava', 'Noah'].entries()) {
      const [doc] = await t.ctx.db
        .insert(documents)
        .values({
          uniqueId: `spel000${index}`,
          teacherId: teacher.id,
          title: 'Story',
          author: name,
        })
        .returning();
      await t.ctx.db.insert(feedback).values({
        teacherId: teacher.id,
        documentId: doc!.id,
        type: 'audio',
        highlightId: `hl-a${index}`,
        transcript: 'um watch your spelling of necessary',
        enhancedTranscript: 'Watch your spelling of “necessary”.',
      });
    }
    const ask = () => as(cookie, 'POST', `/api/lesson-plans/${plan.id}/ai-suggestion`);
    const first = await ask();
    expect(first.statusCode, first.body).toBe(200);
    const suggestion = first.json();
    expect(suggestion.engine).toBe('builtin');
    expect(suggestion.message).toContain(
      '3 pupils had a correction or next step on fractions and 2 on spelling',
    );
    expect(suggestion.message).not.toMatch(/Maya|Leo|Sam|Ava|Noah/);
    // Monday's "Maths" (fraction walls) already covers fractions: a re-teach is added to it.
    const fractions = suggestion.suggestedLessons.find(
      (s: { topicId: string }) => s.topicId === 'fractions',
    );
    expect(fractions).toMatchObject({
      title: 'Maths',
      day: 'Monday',
      reason: '3 pupils had a correction or next step on fractions this week',
      change: { summary: expect.stringContaining('which already covers it') },
    });
    const spelling = suggestion.suggestedLessons.find(
      (s: { topicId: string }) => s.topicId === 'spelling',
    );
    expect(spelling).toMatchObject({ title: 'Spelling review', change: null });
    expect((await ask()).json()).toEqual(suggestion);

    for (let round = 0; round < 2; round++) {
      const added = await as(cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, {
        title: spelling.title,
        description: spelling.description,
        timeSlot: spelling.timeSlot,
        day: spelling.day,
        color: spelling.color,
        suggestionKey: spelling.suggestionKey,
      });
      expect(added.statusCode, added.body).toBe(200);
      const changed = await as(
        cookie,
        'POST',
        `/api/lessons/${fractions.change.lessonId}/additions`,
        {
          addition: fractions.change.addition,
          suggestionKey: fractions.suggestionKey,
        },
      );
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const after = (await as(cookie, 'GET', `/api/lesson-plans/${plan.id}`)).json();
    expect(after.lessons).toHaveLength(4);
    const monday = after.lessons.find((lesson: { day: string }) => lesson.day === 'Monday');
    expect(monday.description.split(fractions.change.addition)).toHaveLength(2);
    const next = (await ask()).json();
    expect(next.suggestedLessons).toEqual([]);
  });

  it('takes the suggestion request with an empty body, JSON or not, and refuses broken JSON', async () => {
    const plan = await newPlan();
    const url = `/api/lesson-plans/${plan.id}/ai-suggestion`;
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: owner.cookie, ...headers },
        payload: '',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().engine).toBe('builtin');
    }
    const emptyForm = await t.app.inject({
      method: 'POST',
      url: '/api/lesson-plans',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '',
    });
    await expect400(emptyForm, 'Title is required');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/lesson-plans',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      message: 'Request body is not valid JSON',
      code: 'invalid_json',
    });
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/lesson-plans',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"title": "x", "dateRange": "y", "__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('deletes a teacher’s plans and lessons with the teacher', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Dorothy');
    const plan = await newPlan(cookie);
    await as(cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, LESSON);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-test-password' },
    });
    const admin = sessionCookie(login, 'cv_admin');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${teacher.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.ctx.db.select().from(lessonPlans).where(eq(lessonPlans.teacherId, teacher.id)),
    ).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(lessons).where(eq(lessons.teacherId, teacher.id)),
    ).toHaveLength(0);
  });
});
