import { describe, expect, it } from 'vitest';
import {
  LESSON_DAYS,
  type LessonDay,
  lessonSuggestionSchema,
} from '../../../contract/lesson-plans';
import { parseTimeSlot, slotsOverlap } from '../../../contract/lesson-time';
import {
  isNonContact,
  lessonPeriods,
  PRIMARY_DAY,
  periodRange,
  type SchoolDay,
} from '../../../contract/school-day';
import { summariseMarking } from './marking-summary';
import { suggestLessons } from './rule-based';
import type {
  EvidencedLesson,
  FeedbackEvidence,
  MarkingSummary,
  SuggestionInput,
  WeekLesson,
} from './types';

const NOW = new Date('2026-11-23T12:00:00Z');
const NO_MARKING: MarkingSummary = { items: 0, pupils: 0, topics: [], withinWeek: true };

let nextLessonId = 1;
const lesson = (day: LessonDay, timeSlot: string, title = 'Maths'): WeekLesson => ({
  id: nextLessonId++,
  title,
  description: 'd',
  timeSlot,
  day,
  color: 'blue',
  suggestionKey: null,
});

/** A generated week: n lessons a day at pseudo-random times (some unreadable). */
function randomWeek(seed: number, perDay: number): WeekLesson[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  const titles = ['Maths', 'English', 'Science', 'History', 'PE', 'Music', 'Reading'];
  return LESSON_DAYS.flatMap((day) =>
    Array.from({ length: perDay }, () => {
      const start = 8 * 60 + (next() % 28) * 15;
      const length = 30 + (next() % 4) * 15;
      const clock = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
      const slot =
        next() % 9 === 0 ? 'after assembly' : `${clock(start)} - ${clock(start + length)}`;
      return lesson(day, slot, titles[next() % titles.length]);
    }),
  );
}

let nextFeedbackId = 1;
const marked = (pupil: string, text: string, daysAgo = 1): FeedbackEvidence => ({
  feedbackId: nextFeedbackId++,
  pupilKey: pupil,
  text,
  highlightedText: null,
  documentTitle: 'Homework',
  createdAt: new Date(NOW.getTime() - daysAgo * 86_400_000),
});

/**
 * A new lesson sits in a lesson period of the school day (not break, lunch, after home
 * time or non-contact time) and clashes with nothing; a change names a lesson of the week.
 */
function expectSafe(input: SuggestionInput, suggested: EvidencedLesson[]) {
  const day: SchoolDay = input.schoolDay ?? PRIMARY_DAY;
  const changed = new Set<number>();
  for (const [index, s] of suggested.entries()) {
    expect(LESSON_DAYS).toContain(s.day);
    expect(s.reason.trim()).not.toBe('');
    expect(input.lessons.map((l) => l.suggestionKey)).not.toContain(s.suggestionKey);
    if (s.change) {
      const target = input.lessons.find((l) => l.id === s.change!.lessonId);
      expect(target, s.change.summary).toBeDefined();
      expect(changed.has(s.change.lessonId)).toBe(false);
      changed.add(s.change.lessonId);
      expect(s.description).toBe(`${target!.description}\n\n${s.change.addition}`);
      continue;
    }
    const range = parseTimeSlot(s.timeSlot)!;
    const period = lessonPeriods(day).find((p) => {
      const own = periodRange(p);
      return own.start === range.start && own.end === range.end;
    });
    expect(period, s.timeSlot).toBeDefined();
    expect(isNonContact(day, s.day, period!.name)).toBe(false);
    const sameDay = [
      ...input.lessons,
      ...suggested.filter((other, i) => i !== index && !other.change),
    ].filter((other) => other.day === s.day);
    for (const other of sameDay) {
      expect(slotsOverlap(other.timeSlot, s.timeSlot), `${s.timeSlot} vs ${other.timeSlot}`).toBe(
        false,
      );
      expect(other.title.toLowerCase()).not.toBe(s.title.toLowerCase());
    }
  }
}

const input = (
  lessons: WeekLesson[],
  marking: MarkingSummary,
  more: Partial<SuggestionInput> = {},
) =>
  ({
    plan: { title: 'Week', dateRange: 'Nov 23 - 27, 2026' },
    lessons,
    marking,
    ...more,
  }) as SuggestionInput;

describe('built-in lesson suggestions', () => {
  const fractionsEvidence = [
    marked('s1', 'Check the denominator before you add fractions.'),
    marked('s2', 'Fractions: find a common denominator.'),
    marked('s3', 'These fractions are not simplified.'),
    marked('s3', 'Spelling of “because”.'),
  ];
  const fractionsMarking = summariseMarking(fractionsEvidence, { now: NOW });

  it('reads topics and distinct pupils from marking', () => {
    expect(fractionsMarking.topics[0]).toMatchObject({
      id: 'fractions',
      topic: 'fractions',
      subject: 'Maths',
      group: null,
      items: 3,
      pupils: 3,
      // Newest first; written at the same time, the later item first.
      feedbackIds: fractionsEvidence
        .slice(0, 3)
        .map((item) => item.feedbackId)
        .reverse(),
    });
    expect(fractionsMarking).toMatchObject({ items: 4, pupils: 3, withinWeek: true });
    const older = summariseMarking([marked('a', 'Check your fractions.', 10)], { now: NOW });
    expect(older.withinWeek).toBe(false);
  });

  it('counts weaknesses and next steps only, never praise or a pupil’s name', () => {
    const summary = summariseMarking(
      [
        marked('a', 'Maya, good work on the volcano eruption diagram'),
        marked('b', 'Maya, label the magma chamber on your volcano'),
        marked('c', 'lovely volcano'),
        marked('d', 'Label where the lava comes out of the volcano.'),
        marked('e', 'Well done Ray, great diagram of the light rays'),
      ],
      { now: NOW, excludedWords: ['Maya', 'Ray'] },
    );
    expect(summary.topics).toHaveLength(1);
    expect(summary.topics[0]).toMatchObject({ id: 'tectonics', pupils: 2, subject: 'Geography' });
  });

  it('proposes a fractions review in a free lesson period, with its reason and evidence', () => {
    const week = input(
      [lesson('Monday', '9:00 - 10:00 AM'), lesson('Tuesday', '9:00 - 10:00 AM', 'English')],
      fractionsMarking,
    );
    const result = suggestLessons(week);
    expect(lessonSuggestionSchema.omit({ suggestedLessons: true }).parse(result).engine).toBe(
      'builtin',
    );
    const review = result.suggestedLessons.find((s) => s.title === 'Fractions review');
    expect(review).toMatchObject({
      reason: '3 pupils had a correction or next step on fractions this week',
      color: 'blue',
      className: null,
      topicId: 'fractions',
      feedbackIds: fractionsMarking.topics[0]!.feedbackIds,
      change: null,
      // The lightest day, later in the week on a tie; the school day's first lesson period.
      day: 'Friday',
      timeSlot: '9:00 - 10:00 AM',
    });
    expect(result.message).toContain('3 pupils had a correction or next step on fractions');
    expect(result.action).toBe('Add 1 review lesson');
    expectSafe(week, result.suggestedLessons);
  });

  it('is deterministic for the same week and marking', () => {
    const week = input(randomWeek(3, 3), fractionsMarking);
    const a = suggestLessons(week);
    expect(suggestLessons(structuredClone(week))).toEqual(a);
    expect(a.suggestedLessons.length).toBeGreaterThan(0);
  });

  it('never proposes a clash, break, lunch, home time or a lesson already planned, over many weeks', () => {
    const ppa: SchoolDay = {
      ...PRIMARY_DAY,
      nonContact: [
        { day: 'Friday', period: 'Lesson 4' },
        { day: 'Friday', period: 'Lesson 5' },
        { day: 'Thursday', period: 'Lesson 1' },
      ],
    };
    for (let seed = 1; seed <= 300; seed++) {
      const week = input(randomWeek(seed, seed % 7), fractionsMarking, {
        schoolDay: seed % 2 ? ppa : PRIMARY_DAY,
      });
      const result = suggestLessons(week);
      expectSafe(week, result.suggestedLessons);
    }
  });

  it('adds to a lesson that already covers the weakness, once, instead of a new lesson', () => {
    const tuesday = { ...lesson('Tuesday', '9:00 - 10:00 AM', 'Maths: adding fractions') };
    const week = input(
      [lesson('Monday', '9:00 - 10:00 AM', 'Maths: place value'), tuesday],
      fractionsMarking,
    );
    const [first] = suggestLessons(week).suggestedLessons;
    expect(first).toMatchObject({
      title: 'Maths: adding fractions',
      day: 'Tuesday',
      timeSlot: '9:00 - 10:00 AM',
      change: {
        lessonId: tuesday.id,
        summary:
          'Add a re-teach of fractions to Tuesday Lesson 1 (“Maths: adding fractions”), which already covers it',
      },
    });
    expect(first!.change!.addition).toMatch(/^From marking – fractions: /);
    const applied = input(
      week.lessons.map((l) =>
        l.id === tuesday.id ? { ...l, description: first!.description } : l,
      ),
      fractionsMarking,
    );
    const again = suggestLessons(applied);
    expect(again.suggestedLessons).toEqual([]);
    expect(again.message).toContain('Already in your plan: fractions.');
  });

  it('does not propose again what was applied as a new lesson', () => {
    const week = input([], fractionsMarking);
    const first = suggestLessons(week);
    const applied = first.suggestedLessons.map(
      ({ reason: _, feedbackIds: __, topicId: ___, className: ____, change: _____, ...s }, i) => ({
        ...s,
        id: 1000 + i,
      }),
    );
    const second = suggestLessons({ ...week, lessons: applied });
    expect(second.suggestedLessons).toEqual([]);
  });

  it('re-teaches in a lesson of the subject when the class teacher’s day has no free period', () => {
    const full = LESSON_DAYS.flatMap((day) => [
      lesson(day, '8:45 AM - 12:00 PM', `Morning ${day}`),
      lesson(day, '1:00 - 3:15 PM', day === 'Wednesday' ? 'Maths: measures' : `Afternoon ${day}`),
    ]);
    const result = suggestLessons(input(full, fractionsMarking));
    expect(result.suggestedLessons).toHaveLength(1);
    expect(result.suggestedLessons[0]!.change!.summary).toBe(
      'Turn the starter of Wednesday 1:00 - 3:15 PM (“Maths: measures”) into a 15-minute re-teach of fractions',
    );
    const noMaths = full.map((l) =>
      l.title === 'Maths: measures' ? { ...l, title: 'Afternoon Wednesday' } : l,
    );
    const none = suggestLessons(input(noMaths, fractionsMarking));
    expect(none.suggestedLessons).toEqual([]);
    expect(none.action).toBe('OK');
    expect(none.message).toContain('no free lesson period');
  });

  it('keeps off non-contact periods', () => {
    const allPpa: SchoolDay = {
      ...PRIMARY_DAY,
      nonContact: LESSON_DAYS.flatMap((day) =>
        lessonPeriods(PRIMARY_DAY)
          .filter((p) => p.name !== 'Lesson 5' || day !== 'Wednesday')
          .map((p) => ({ day, period: p.name })),
      ),
    };
    const result = suggestLessons(input([], fractionsMarking, { schoolDay: allPpa }));
    expect(result.suggestedLessons.map((s) => [s.day, s.timeSlot])).toEqual([
      ['Wednesday', '2:00 - 3:00 PM'],
    ]);
  });

  it('remembers No Thanks for the same evidence, and suggests again when new evidence comes', () => {
    const week = input([], fractionsMarking);
    const [first] = suggestLessons(week).suggestedLessons;
    const declined = [
      {
        response: 'not-now' as const,
        suggestionKey: first!.suggestionKey,
        topicId: first!.topicId,
        className: first!.className,
        feedbackIds: first!.feedbackIds,
      },
    ];
    expect(suggestLessons({ ...week, declined }).suggestedLessons).toEqual([]);
    const more = summariseMarking(
      [...fractionsEvidence, marked('s4', 'Simplify your fractions fully.')],
      { now: NOW },
    );
    const next = suggestLessons({ ...week, marking: more, declined });
    expect(next.suggestedLessons[0]!.reason).toBe(
      '4 pupils had a correction or next step on fractions this week',
    );
  });

  it('leaves out items the teacher said were wrongly read, and counts the rest', () => {
    const wrong = [{ topicId: 'fractions', feedbackIds: [fractionsEvidence[0]!.feedbackId] }];
    const summary = summariseMarking(fractionsEvidence, { now: NOW, wrongReadings: wrong });
    expect(summary.topics.find((t) => t.id === 'fractions')?.pupils).toBe(2);
    const none = summariseMarking(fractionsEvidence.slice(0, 2), {
      now: NOW,
      wrongReadings: wrong,
    });
    expect(none.topics.find((t) => t.id === 'fractions')?.pupils).toBe(1);
  });

  it('offers general ideas only when the marking shows nothing and the teacher asks', () => {
    const lessons = [
      lesson('Monday', '9:00 - 10:00 AM', 'Science: plants'),
      lesson('Tuesday', '9:00 - 10:00 AM', 'Science: light'),
      lesson('Wednesday', '9:00 - 10:00 AM', 'Science: sound'),
      lesson('Thursday', '9:00 - 10:00 AM', 'Art'),
    ];
    const quiet = suggestLessons(input(lessons, NO_MARKING));
    expect(quiet.suggestedLessons).toEqual([]);
    expect(quiet.generalIdeasAvailable).toBe(true);
    const asked = suggestLessons(input(lessons, NO_MARKING, { options: { generalIdeas: true } }));
    expect(asked.generalIdeasAvailable).toBe(false);
    expect(asked.suggestedLessons).toContainEqual(
      expect.objectContaining({
        title: 'Science review',
        reason: 'Science is taught 3 times this week with no review lesson',
        day: 'Friday',
      }),
    );
    expect(asked.message).toContain('Friday has no lessons yet.');
    expectSafe(input(lessons, NO_MARKING), asked.suggestedLessons);
    const busy = suggestLessons(
      input(lessons, fractionsMarking, { options: { generalIdeas: true } }),
    );
    expect(busy.suggestedLessons.map((s) => s.title)).toEqual(['Fractions review']);
    expect(busy.generalIdeasAvailable).toBe(false);
  });

  it('says so when the week is empty and there is no marking', () => {
    expect(suggestLessons(input([], NO_MARKING))).toEqual({
      message:
        'This plan has no lessons yet. Add your timetable and mark some work, and suggestions will follow.',
      action: 'OK',
      suggestedLessons: [],
      engine: 'builtin',
      generalIdeasAvailable: false,
    });
  });

  it('names clashes and heavy days in its message and keeps off heavy days', () => {
    const week = input(
      [
        lesson('Monday', '9:00 - 10:00 AM', 'Maths'),
        lesson('Monday', '9:30 - 10:30 AM', 'Reading'),
        lesson('Monday', '10:45 - 11:30 AM', 'Spelling'),
        lesson('Monday', '1:00 - 1:45 PM', 'PE'),
        lesson('Monday', '2:00 - 2:45 PM', 'Music'),
        lesson('Tuesday', '9:00 - 9:45 AM', 'Maths'),
      ],
      fractionsMarking,
    );
    const result = suggestLessons(week);
    expect(result.message).toContain('On Monday, “Maths” and “Reading” overlap.');
    expect(result.message).toContain('Monday has 5 lessons, more than the other days.');
    expect(result.suggestedLessons.every((s) => s.day !== 'Monday')).toBe(true);
    expectSafe(week, result.suggestedLessons);
  });
});
