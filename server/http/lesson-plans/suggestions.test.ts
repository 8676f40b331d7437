import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIMARY_DAY, SECONDARY_DAY } from '../../../contract/school-day';
import { documents, feedback, students } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

/*
 * Weeks as teachers keep them, built through the API (plans, lessons, the school day in
 * Settings) with a fortnight of marking in the directory's pupils' work; every suggestion's
 * class, slot and each number in its reason are checked against what the marking holds.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Mark = [pupil: string, title: string, comment: string, passage?: string];
type Suggested = {
  title: string;
  description: string;
  day: string;
  timeSlot: string;
  reason: string;
  className: string | null;
  topicId: string | null;
  suggestionKey: string;
  feedbackIds: number[];
  evidence: { feedbackId: number; documentId: number; pupil: string; comment: string }[];
  change: { lessonId: number; addition: string; summary: string } | null;
};

describe.each(testBackends())('lesson suggestions from realistic weeks on %s', (backend) => {
  let t: TestApp;
  let uid = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const as = (cookie: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  async function week(
    cookie: string,
    lessons: [day: string, timeSlot: string, title: string, className?: string][],
  ) {
    const plan = (
      await as(cookie, 'POST', '/api/lesson-plans', {
        title: 'Week 12',
        dateRange: 'Spring term, week 3',
      })
    ).json();
    const ids: Record<string, number> = {};
    for (const [day, timeSlot, title, className] of lessons) {
      const response = await as(cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, {
        title,
        description: 'Planned',
        timeSlot,
        day,
        color: 'blue',
        ...(className ? { className } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      ids[`${day} ${timeSlot}`] = response.json().id;
    }
    return { planId: plan.id as number, lessonIds: ids };
  }

  /** Pupils in the directory (with their year group) and the teacher's comments on their work. */
  async function marking(teacherId: number, yearGroup: string | null, marks: Mark[]) {
    const pupils = new Map<string, number>();
    const feedbackIds: Record<string, number[]> = {};
    for (const [name, title, comment, passage] of marks) {
      if (!pupils.has(name)) {
        const [pupil] = await t.ctx.db
          .insert(students)
          .values({ teacherId, name, yearGroup })
          .returning();
        pupils.set(name, pupil!.id);
      }
      const [doc] = await t.ctx.db
        .insert(documents)
        .values({
          uniqueId: `sg${String(++uid).padStart(6, '0')}`,
          teacherId,
          studentId: pupils.get(name)!,
          title,
          author: name,
        })
        .returning();
      const [item] = await t.ctx.db
        .insert(feedback)
        .values({
          teacherId,
          documentId: doc!.id,
          type: 'text',
          content: comment,
          highlightId: `hl-${uid}`,
          highlightedText: passage ?? null,
        })
        .returning();
      feedbackIds[title] = [...(feedbackIds[title] ?? []), item!.id];
    }
    return feedbackIds;
  }

  const suggest = async (cookie: string, planId: number, body?: unknown) => {
    const response = await as(cookie, 'POST', `/api/lesson-plans/${planId}/ai-suggestion`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { message: string; suggestedLessons: Suggested[] };
  };

  it('a Year 4 class: a fractions re-teach in the fractions lesson already planned, for the 3 pupils who had them wrong', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Priya');
    const { planId } = await week(cookie, [
      ['Monday', '9:00 - 10:00 AM', 'Maths: fractions'],
      ['Monday', '11:00 AM - 12:00 PM', 'English: The Iron Man'],
      ['Tuesday', '9:00 - 10:00 AM', 'Maths: fractions'],
      ['Tuesday', '1:00 - 2:00 PM', 'Science: dissolving'],
      ['Wednesday', '9:00 - 10:00 AM', 'Maths: decimals'],
      ['Thursday', '9:00 - 10:00 AM', 'Maths: decimals'],
      ['Friday', '9:00 - 10:00 AM', 'Maths: arithmetic'],
    ]);
    const ids = await marking(teacher.id, 'Year 4', [
      ['Maya', 'Fractions homework', 'You’ve added the denominators.'],
      ['Leo', 'Fractions homework', 'Check the denominator first.'],
      ['Ava', 'Fractions homework', 'Not quite – look again.', '3/4 + 1/4 = 4/8'],
      ['Isla', 'Fractions homework', 'Brilliant, all simplified!'],
      ['Zain', 'Fractions homework', 'Lovely neat presentation.'],
      ['Noah', 'Fractions homework', 'Spelling of ‘quarter’.'],
    ]);
    const suggestion = await suggest(cookie, planId);
    const [first] = suggestion.suggestedLessons;
    expect(first).toBeDefined();
    // Praise under the same title is not a fractions weakness: 3 pupils, not 5.
    expect(first!.topicId).toBe('fractions');
    expect(first!.reason).toMatch(/^3 pupils /);
    expect(first!.feedbackIds.sort()).toEqual(ids['Fractions homework']!.slice(0, 3).sort());
    expect(first!.evidence.map((item) => item.pupil).sort()).toEqual(['Ava', 'Leo', 'Maya']);
    expect(suggestion.message).not.toMatch(/Maya|Leo|Ava|Isla|Zain|Noah/);
  });

  it('a Year 4 class with no lesson on the weakness: a new lesson in a free lesson period, not lunch or after home time', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Owen');
    const { planId } = await week(cookie, [
      ['Monday', '9:00 - 10:00 AM', 'Maths: place value'],
      ['Monday', '11:00 AM - 12:00 PM', 'English: The Iron Man'],
      ['Monday', '1:00 - 2:00 PM', 'PE'],
      ['Tuesday', '9:00 - 10:00 AM', 'Maths: place value'],
      ['Tuesday', '11:00 AM - 12:00 PM', 'Guided reading'],
    ]);
    await marking(teacher.id, 'Year 4', [
      ['Leo', 'The Iron Man: new chapter', 'Use speech marks around the spoken words.'],
      ['Noah', 'The Iron Man: new chapter', 'New speaker, new line – you forgot.'],
      ['Isla', 'The Iron Man: new chapter', 'Where are your inverted commas?'],
      ['Theo', 'The Iron Man: new chapter', 'Remember the comma before the speech marks close.'],
      ['Theo', 'The Iron Man: new chapter', 'Fantastic adjectives!'],
    ]);
    const suggestion = await suggest(cookie, planId);
    expect(suggestion.suggestedLessons).toHaveLength(1);
    const [lesson] = suggestion.suggestedLessons;
    expect(lesson).toMatchObject({
      title: 'Punctuating speech review',
      topicId: 'speech-punctuation',
      className: null,
      change: null,
      reason: '4 pupils had a correction or next step on punctuating speech this week',
    });
    // A lesson period of the primary day (Settings' default), on a day with room for it.
    expect([
      '9:00 - 10:00 AM',
      '10:00 - 10:45 AM',
      '11:00 AM - 12:00 PM',
      '1:00 - 2:00 PM',
      '2:00 - 3:00 PM',
    ]).toContain(lesson!.timeSlot);
    expect(`${lesson!.day} ${lesson!.timeSlot}`).not.toMatch(/^(Monday|Tuesday) (9:00|11:00|1:00)/);
    expect(lesson!.evidence.map((item) => item.pupil).sort()).toEqual([
      'Isla',
      'Leo',
      'Noah',
      'Theo',
    ]);
    expect(suggestion.message).toContain(
      '4 pupils had a correction or next step on punctuating speech',
    );
  });

  it('a secondary maths teacher with 7X2, 9Y1 and 11Z3: each suggestion names its class and sits in that class’s lesson', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Hassan');
    const settings = await as(cookie, 'PUT', '/api/settings', { schoolDay: SECONDARY_DAY });
    expect(settings.statusCode, settings.body).toBe(200);
    const { planId, lessonIds } = await week(cookie, [
      ['Monday', '9:00 - 10:00 AM', '9Y1 Maths'],
      ['Monday', '11:20 AM - 12:20 PM', '7X2 Maths'],
      ['Tuesday', '9:00 - 10:00 AM', '11Z3 Maths'],
      ['Tuesday', '1:05 - 2:05 PM', '9Y1 Maths'],
      ['Wednesday', '10:00 - 11:00 AM', '7X2 Maths'],
      ['Thursday', '9:00 - 10:00 AM', '11Z3 Maths'],
      ['Thursday', '2:05 - 3:05 PM', '9Y1 Maths'],
      ['Friday', '11:20 AM - 12:20 PM', '7X2 Maths'],
    ]);
    const nine = await marking(teacher.id, 'Year 9', [
      [
        'Amir',
        'Expanding brackets',
        'Multiply every term inside the bracket, not just the first one.',
        '3(x + 4) = 3x + 4',
      ],
      ['Bea', 'Expanding brackets', 'Expand both brackets fully.'],
      ['Cal', 'Expanding brackets', 'you’ve multiplied the bracket out but only the first term'],
      ['Dana', 'Expanding brackets', 'x is a variable: keep it in every term.'],
      ['Eli', 'Expanding brackets', 'Excellent – all correct.'],
    ]);
    await marking(teacher.id, 'Year 7', [
      ['Fin', 'Directed numbers', 'Two negatives make a positive only when you multiply.'],
      ['Gus', 'Directed numbers', 'Look at the sign.', '-4 + 7 = -11'],
      ['Hal', 'Directed numbers', 'Well done, 10/10.'],
    ]);
    await marking(teacher.id, 'Year 11', [
      ['Ida', 'Percentages', 'Percentage increase: multiply by 1.15, not 0.15.'],
      ['Jo', 'Percentages', 'You found the decrease but not the new price.'],
      ['Kit', 'Constructions', 'keep your compass width'],
    ]);
    const suggestion = await suggest(cookie, planId);
    const byClass = Object.fromEntries(
      suggestion.suggestedLessons.map((lesson) => [lesson.className, lesson]),
    );
    expect(Object.keys(byClass).sort()).toEqual(['11Z3', '7X2', '9Y1']);
    // Ranked by pupils sharing a weakness: 4 in 9Y1 before 2 in 11Z3 and 2 in 7X2.
    expect(suggestion.suggestedLessons[0]!.className).toBe('9Y1');
    const algebra = byClass['9Y1']!;
    expect(algebra.reason).toBe(
      '4 pupils in 9Y1 had a correction or next step in algebra this week: expanding brackets (3 pupils), algebraic notation (1 pupil)',
    );
    // Eli's praise on the same homework is not counted.
    expect(algebra.feedbackIds.sort()).toEqual(nine['Expanding brackets']!.slice(0, 4).sort());
    // No free period is a class's: a re-teach in 9Y1's own first lesson of the week.
    expect(algebra.change).toMatchObject({
      lessonId: lessonIds['Monday 9:00 - 10:00 AM'],
      summary: 'Turn the starter of Monday P1 (“9Y1 Maths”) into a 15-minute re-teach of algebra',
    });
    expect(byClass['11Z3']).toMatchObject({
      topicId: 'percentages',
      reason: '2 pupils in 11Z3 had a correction or next step on percentages this week',
      change: { lessonId: lessonIds['Tuesday 9:00 - 10:00 AM'] },
    });
    expect(byClass['7X2']).toMatchObject({
      topicId: 'negative-numbers',
      reason: '2 pupils in 7X2 had a correction or next step on negative numbers this week',
      change: { lessonId: lessonIds['Monday 11:20 AM - 12:20 PM'] },
    });
    expect(suggestion.message).toBe(
      'In your marking of the last 14 days, 4 pupils in 9Y1 had a correction or next step in algebra, 2 in 11Z3 on percentages and 2 in 7X2 on negative numbers. Here are 3 changes to lessons you have planned.',
    );

    // Applied: each addition lands once in its lesson, however often it is sent.
    for (let round = 0; round < 2; round++) {
      const added = await as(cookie, 'POST', `/api/lessons/${algebra.change!.lessonId}/additions`, {
        addition: algebra.change!.addition,
        suggestionKey: algebra.suggestionKey,
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().description).toBe(`Planned\n\n${algebra.change!.addition}`);
    }
    const again = await suggest(cookie, planId);
    expect(again.suggestedLessons.map((lesson) => lesson.className)).not.toContain('9Y1');
    expect(again.message).toContain('Already in your plan: algebra in 9Y1');

    // "No Thanks" on 7X2's is remembered for that evidence; a new pupil's mistake brings it back.
    const noThanks = await as(cookie, 'POST', `/api/lesson-plans/${planId}/suggestion-responses`, {
      response: 'not-now',
      suggestions: [byClass['7X2']].map((lesson) => ({
        suggestionKey: lesson!.suggestionKey,
        topicId: lesson!.topicId,
        className: lesson!.className,
        feedbackIds: lesson!.feedbackIds,
      })),
    });
    expect(noThanks.statusCode, noThanks.body).toBe(200);
    const afterNo = await suggest(cookie, planId);
    expect(afterNo.suggestedLessons.map((lesson) => lesson.className)).toEqual(['11Z3']);
  });

  it('a secondary English teacher whose week already covers the top weakness: nothing new on it, and a wrong suggestion is not made again', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Miriam');
    await as(cookie, 'PUT', '/api/settings', { schoolDay: SECONDARY_DAY });
    const { planId, lessonIds } = await week(cookie, [
      ['Monday', '9:00 - 10:00 AM', '10E1 English'],
      ['Monday', '1:05 - 2:05 PM', '7C3 English'],
      ['Tuesday', '10:00 - 11:00 AM', '8B2 Apostrophes for contraction'],
      ['Wednesday', '9:00 - 10:00 AM', '10E1 English'],
      ['Thursday', '11:20 AM - 12:20 PM', '8B2 English'],
      ['Friday', '9:00 - 10:00 AM', '10E1 English'],
    ]);
    const eight = await marking(teacher.id, 'Year 8', [
      ['Olu', 'Writing to argue', 'Use an apostrophe for the missing letter: don’t, can’t.'],
      ['Pam', 'Writing to argue', 'its or it’s? Check your apostrophes.'],
      ['Quin', 'Writing to argue', 'Apostrophe needed: they’re.'],
      ['Rae', 'Writing to argue', 'Lovely persuasive opening!'],
    ]);
    const ten = await marking(teacher.id, 'Year 10', [
      ['Sol', 'An Inspector Calls essay', 'Where is your evidence for this?'],
      ['Tia', 'An Inspector Calls essay', 'Embed your quotations.'],
      [
        'Uma',
        'An Inspector Calls essay',
        'Good point about the gravity of the Inspector’s speech.',
      ],
    ]);
    const suggestion = await suggest(cookie, planId);
    // Tuesday's apostrophes lesson is 8B2's: the re-teach goes into it, no "Apostrophes review".
    expect(suggestion.suggestedLessons.map((lesson) => lesson.change?.lessonId ?? null)).toEqual([
      lessonIds['Tuesday 10:00 - 11:00 AM'],
      lessonIds['Monday 9:00 - 10:00 AM'],
    ]);
    const [apostrophes, evidence] = suggestion.suggestedLessons;
    expect(apostrophes).toMatchObject({
      className: '8B2',
      topicId: 'apostrophes',
      reason: '3 pupils in 8B2 had a correction or next step on apostrophes this week',
    });
    expect(apostrophes!.feedbackIds.sort()).toEqual(eight['Writing to argue']!.slice(0, 3).sort());
    // "The gravity of the Inspector’s speech" is praise of Year 10, not forces.
    expect(evidence).toMatchObject({
      className: '10E1',
      topicId: 'use-of-evidence',
      reason:
        '2 pupils in 10E1 had a correction or next step on use of evidence and quotations this week',
    });
    expect(evidence!.feedbackIds.sort()).toEqual(
      ten['An Inspector Calls essay']!.slice(0, 2).sort(),
    );
    expect(evidence!.evidence.map((item) => [item.pupil, item.comment]).sort()).toEqual([
      ['Sol', 'Where is your evidence for this?'],
      ['Tia', 'Embed your quotations.'],
    ]);
    expect(JSON.stringify(suggestion)).not.toMatch(/forces|science|French/i);

    const wrong = await as(cookie, 'POST', `/api/lesson-plans/${planId}/suggestion-responses`, {
      response: 'wrong',
      suggestions: [
        {
          suggestionKey: evidence!.suggestionKey,
          topicId: evidence!.topicId,
          className: evidence!.className,
          feedbackIds: evidence!.feedbackIds,
        },
      ],
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toEqual({ message: 'Suggestion noted' });
    const after = await suggest(cookie, planId);
    expect(after.suggestedLessons.map((lesson) => lesson.topicId)).toEqual(['apostrophes']);
  });

  it('answers 404 for another teacher’s plan, lesson or feedback, and 400 with a clear message for hostile text', async () => {
    const owner = await signedInTeacher(t, 'Nadia');
    const stranger = await signedInTeacher(t, 'Victor');
    const { planId, lessonIds } = await week(owner.cookie, [
      ['Monday', '9:00 - 10:00 AM', 'Maths: fractions'],
    ]);
    const ids = await marking(owner.teacher.id, 'Year 4', [
      ['Wes', 'Fractions homework', 'Check the denominator first.'],
    ]);
    const lessonId = lessonIds['Monday 9:00 - 10:00 AM']!;
    const answer = (feedbackIds: number[]) => ({
      response: 'wrong',
      suggestions: [
        { suggestionKey: 'sg-x-1', topicId: 'fractions', className: null, feedbackIds },
      ],
    });
    const addition = { addition: 'Re-teach fractions', suggestionKey: 'sg-x-1' };
    const strangerPlan = await week(stranger.cookie, []);
    for (const [url, body] of [
      [`/api/lesson-plans/${planId}/ai-suggestion`, undefined],
      [`/api/lesson-plans/${planId}/suggestion-responses`, answer([])],
      [`/api/lesson-plans/${planId}/bump`, { day: 'Monday' }],
      [`/api/lessons/${lessonId}/additions`, addition],
      // The stranger's own plan, with the owner's feedback as its evidence.
      [
        `/api/lesson-plans/${strangerPlan.planId}/suggestion-responses`,
        answer(ids['Fractions homework']!),
      ],
    ] as const) {
      const response = await as(stranger.cookie, 'POST', url, body);
      expect(response.statusCode, `${url} ${response.body}`).toBe(404);
    }
    const lesson = (await as(owner.cookie, 'GET', `/api/lesson-plans/${planId}`)).json().lessons[0];
    expect(lesson.description).toBe('Planned');

    const refusals: [string, unknown, string][] = [
      [
        `/api/lessons/${lessonId}/additions`,
        { ...addition, addition: 'a\u0000b' },
        'cannot be saved',
      ],
      [
        `/api/lessons/${lessonId}/additions`,
        { ...addition, addition: 'x'.repeat(6_000) },
        'Description is too long',
      ],
      [
        `/api/lessons/${lessonId}/additions`,
        { ...addition, suggestionKey: '<script>' },
        'Suggestion key is invalid',
      ],
      [
        `/api/lesson-plans/${planId}/suggestion-responses`,
        { ...answer([]), response: 'maybe' },
        'Response must be not-now or wrong',
      ],
      [
        `/api/lesson-plans/${planId}/suggestion-responses`,
        {
          response: 'wrong',
          suggestions: [{ ...answer([]).suggestions[0], className: 'א\u0000'.repeat(5) }],
        },
        'cannot be saved',
      ],
      [
        `/api/lesson-plans/${planId}/suggestion-responses`,
        { response: 'wrong', suggestions: [] },
        'Choose a suggestion',
      ],
      [`/api/lesson-plans/${planId}/bump`, { day: '' }, 'Day is required'],
      [`/api/lesson-plans/${planId}/bump`, { day: 'Saturday' }, 'Day must be Monday to Friday'],
      [
        `/api/lesson-plans/${planId}/ai-suggestion`,
        { generalIdeas: 'yes' },
        'generalIdeas must be true or false',
      ],
      [
        `/api/lesson-plans/${planId}/lessons`,
        {
          title: 'T',
          description: 'D',
          timeSlot: '9:00 - 10:00 AM',
          day: 'Monday',
          color: 'blue',
          className: '‮<b>9Y1</b>'.repeat(20),
        },
        'Class is too long',
      ],
    ];
    for (const [url, body, message] of refusals) {
      const response = await as(owner.cookie, 'POST', url, JSON.parse(JSON.stringify(body)));
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const schoolDay = await as(owner.cookie, 'PUT', '/api/settings', {
      schoolDay: { ...SECONDARY_DAY, homeTime: '12:00' },
    });
    expect(schoolDay.statusCode).toBe(400);
    expect(schoolDay.json().message).toContain('Home time must be after P5 ends');
    const p1 = SECONDARY_DAY.periods[1]!;
    for (const [periods, message] of [
      [[{ ...p1, name: 'P\u0000' }], 'cannot be saved'],
      [[{ ...p1, name: '<b>‮'.repeat(5_000) }], 'Period names have at most 30 characters'],
      [Array.from({ length: 17 }, (_, i) => ({ ...p1, name: `P${i}` })), 'at most 16 periods'],
      [[{ ...p1, start: '25:00' }], 'start time as HH:MM'],
      [[{ ...p1, kind: 'recess' }], 'Period kind must be'],
    ] as const) {
      const refused = await as(owner.cookie, 'PUT', '/api/settings', {
        schoolDay: { ...SECONDARY_DAY, periods },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    const kept = (await as(owner.cookie, 'GET', '/api/settings')).json();
    // Nothing refused was kept: the default primary day is still the teacher's.
    expect(kept.preferences.schoolDay).toEqual(PRIMARY_DAY);
  });

  it('a plan for this week leaves the days that have passed alone', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Yusuf');
    await as(cookie, 'PUT', '/api/settings', { schoolDay: SECONDARY_DAY });
    const now = new Date();
    const day = (now.getUTCDay() + 6) % 7; // 0 = Monday … 4 = Friday, 5-6 the weekend
    const iso = (offset: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
        .toISOString()
        .slice(0, 10);
    const plan = (
      await as(cookie, 'POST', '/api/lesson-plans', {
        title: 'This week',
        dateRange: `${iso(-day)} to ${iso(4 - day)}`,
      })
    ).json();
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
    const ids: Record<string, number> = {};
    for (const weekday of days) {
      for (const [timeSlot, title] of [
        ['9:00 - 10:00 AM', '9Y1 Maths'],
        ['10:00 - 11:00 AM', '7X2 Maths'],
      ]) {
        const made = await as(cookie, 'POST', `/api/lesson-plans/${plan.id}/lessons`, {
          title,
          description: 'Planned',
          timeSlot,
          day: weekday,
          color: 'blue',
        });
        if (title === '9Y1 Maths') ids[weekday] = made.json().id;
      }
    }
    await marking(teacher.id, 'Year 9', [
      ['Zak', 'Expanding brackets', 'Multiply every term inside the bracket.'],
      ['Yas', 'Expanding brackets', 'Expand both brackets fully.'],
    ]);
    const suggestion = await suggest(cookie, plan.id);
    const [lesson] = suggestion.suggestedLessons;
    // Today's lesson (or Monday's, at a weekend, when the week is over or not begun).
    const expected = days[day] ?? 'Monday';
    expect(lesson).toMatchObject({ className: '9Y1', day: expected });
    expect(lesson!.change?.lessonId).toBe(ids[expected]);
  });
});
