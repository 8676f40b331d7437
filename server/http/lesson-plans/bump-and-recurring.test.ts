import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

type Lesson = {
  id: number;
  title: string;
  day: string;
  recurring: boolean;
  className: string | null;
};

describe.each(testBackends())('bump and lessons taught every week on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const lessonOf = (title: string, day: string, extra: object = {}) => ({
    title,
    description: 'Planned',
    timeSlot: '9:00 - 10:00 AM',
    day,
    color: 'blue',
    ...extra,
  });

  it('bumps a day’s lessons and every later day’s on by one; Friday’s open next week’s plan', async () => {
    const { cookie } = await signedInTeacher(t, 'Bronwen');
    const plan = (
      await as(cookie, 'POST', '/api/lesson-plans', {
        title: 'Week 12',
        dateRange: 'Nov 23 - 27, 2026',
      })
    ).json();
    for (const [title, day] of [
      ['Spelling', 'Monday'],
      ['Fractions', 'Wednesday'],
      ['Science', 'Thursday'],
      ['Art', 'Friday'],
    ])
      await as(cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, lessonOf(title!, day!));
    const bumped = await as(cookie, 'POST', `/api/lesson-plans/${plan.id}/bump`, {
      day: 'Wednesday',
    });
    expect(bumped.statusCode, bumped.body).toBe(200);
    const { plan: after, nextPlan } = bumped.json();
    expect(after.lessons.map((l: Lesson) => [l.title, l.day])).toEqual([
      ['Spelling', 'Monday'],
      ['Fractions', 'Thursday'],
      ['Science', 'Friday'],
    ]);
    expect(nextPlan.dateRange).toBe('Nov 30 - Dec 4, 2026');
    expect(nextPlan.lessons.map((l: Lesson) => [l.title, l.day])).toEqual([['Art', 'Monday']]);
    // Bumping again uses the same next week's plan.
    const again = (
      await as(cookie, 'POST', `/api/lesson-plans/${plan.id}/bump`, { day: 'Friday' })
    ).json();
    expect(again.nextPlan.id).toBe(nextPlan.id);
    expect(again.nextPlan.lessons.map((l: Lesson) => l.title).sort()).toEqual(['Art', 'Science']);
    const plans = (await as(cookie, 'GET', '/api/lesson-plans')).json();
    expect(plans).toHaveLength(2);
  });

  it('starts a new plan with the lessons marked “every week”, with their class', async () => {
    const { cookie } = await signedInTeacher(t, 'Cerys');
    const first = (
      await as(cookie, 'POST', '/api/lesson-plans', {
        title: 'Week 1',
        dateRange: 'Nov 23 - 27, 2026',
      })
    ).json();
    await as(
      cookie,
      'POST',
      `/api/lesson-plans/${first.id}/lessons`,
      lessonOf('9Y1 Maths', 'Monday', { recurring: true, className: ' 9Y1 ' }),
    );
    await as(
      cookie,
      'POST',
      `/api/lesson-plans/${first.id}/lessons`,
      lessonOf('Trip briefing', 'Tuesday'),
    );
    const second = (
      await as(cookie, 'POST', '/api/lesson-plans', {
        title: 'Week 2',
        dateRange: 'Nov 30 - Dec 4, 2026',
      })
    ).json();
    expect(second.lessons.map((l: Lesson) => [l.title, l.day, l.className, l.recurring])).toEqual([
      ['9Y1 Maths', 'Monday', '9Y1', true],
    ]);
  });
});
