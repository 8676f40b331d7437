import { describe, expect, it } from 'vitest';
import {
  LESSON_DAYS,
  type LessonDay,
  lessonSuggestionSchema,
  type SuggestedLesson,
} from '../../../contract/lesson-plans';
import { parseTimeSlot, slotsOverlap } from '../../../contract/lesson-time';
import { summariseMarking } from './marking-summary';
import { suggestLessons } from './rule-based';
import type { FeedbackEvidence, MarkingSummary, SuggestionInput, WeekLesson } from './types';

const NOW = new Date('2026-11-23T12:00:00Z');
const NO_MARKING: MarkingSummary = { items: 0, pupils: 0, topics: [], withinWeek: true };

const lesson = (day: LessonDay, timeSlot: string, title = 'Maths'): WeekLesson => ({
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

function expectSafe(input: SuggestionInput, suggested: SuggestedLesson[]) {
  for (const [index, s] of suggested.entries()) {
    expect(LESSON_DAYS).toContain(s.day);
    const range = parseTimeSlot(s.timeSlot);
    expect(range, s.timeSlot).not.toBeNull();
    expect(s.reason.trim()).not.toBe('');
    const sameDay = [...input.lessons, ...suggested.filter((_, i) => i !== index)].filter(
      (other) => other.day === s.day,
    );
    for (const other of sameDay) {
      expect(slotsOverlap(other.timeSlot, s.timeSlot), `${s.timeSlot} vs ${other.timeSlot}`).toBe(
        false,
      );
      expect(other.title.toLowerCase()).not.toBe(s.title.toLowerCase());
    }
    expect(input.lessons.map((l) => l.suggestionKey)).not.toContain(s.suggestionKey);
  }
}

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

  it('proposes a fractions review, with its reason and evidence, when 3 pupils had a fractions weakness', () => {
    const input: SuggestionInput = {
      plan: { title: 'Week', dateRange: 'Nov 23 - 27, 2026' },
      lessons: [
        lesson('Monday', '9:00 - 9:45 AM'),
        lesson('Tuesday', '9:00 - 10:00 AM', 'English'),
      ],
      marking: fractionsMarking,
    };
    const result = suggestLessons(input);
    expect(lessonSuggestionSchema.parse(result).engine).toBe('builtin');
    const review = result.suggestedLessons.find((s) => s.title === 'Fractions review');
    expect(review).toMatchObject({
      reason: '3 pupils had a correction or next step on fractions this week',
      color: 'blue',
      feedbackIds: fractionsMarking.topics[0]!.feedbackIds,
    });
    expect(result.message).toContain('3 pupils had a correction or next step on fractions');
    expect(result.action).toMatch(/^Add \d+ (review )?lessons?$/);
    expectSafe(input, result.suggestedLessons);
  });

  it('is deterministic for the same week and marking', () => {
    const input: SuggestionInput = {
      plan: { title: 'W', dateRange: 'x' },
      lessons: randomWeek(3, 3),
      marking: fractionsMarking,
    };
    const a = suggestLessons(input);
    const b = suggestLessons(structuredClone(input));
    expect(b).toEqual(a);
    expect(a.suggestedLessons.length).toBeGreaterThan(0);
  });

  it('never proposes a clash, a weekend or a lesson already in the plan, over many weeks', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const input: SuggestionInput = {
        plan: { title: 'W', dateRange: 'x' },
        lessons: randomWeek(seed, seed % 7),
        marking: fractionsMarking,
      };
      const result = suggestLessons(input);
      expectSafe(input, result.suggestedLessons);
      lessonSuggestionSchema.parse(result);
    }
  });

  it('does not propose again what was applied', () => {
    const input: SuggestionInput = {
      plan: { title: 'W', dateRange: 'x' },
      lessons: [],
      marking: fractionsMarking,
    };
    const first = suggestLessons(input);
    const applied = first.suggestedLessons.map(({ reason: _, feedbackIds: __, ...s }) => s);
    const second = suggestLessons({ ...input, lessons: applied });
    expect(second.suggestedLessons.map((s) => s.title)).not.toContain('Fractions review');
    expectSafe({ ...input, lessons: applied }, second.suggestedLessons);
  });

  it('suggests a review of a subject taught often without one, and fills an empty day', () => {
    const lessons = [
      lesson('Monday', '9:00 - 9:45 AM', 'Science: plants'),
      lesson('Tuesday', '9:00 - 9:45 AM', 'Science: light'),
      lesson('Wednesday', '9:00 - 9:45 AM', 'Science: sound'),
      lesson('Thursday', '9:00 - 9:45 AM', 'Art'),
    ];
    const result = suggestLessons({
      plan: { title: 'W', dateRange: 'x' },
      lessons,
      marking: NO_MARKING,
    });
    expect(result.suggestedLessons).toContainEqual(
      expect.objectContaining({
        title: 'Science review',
        reason: 'Science is taught 3 times this week with no review lesson',
        day: 'Friday',
      }),
    );
    expect(result.message).toContain('Friday has no lessons yet.');
    expectSafe(
      { plan: { title: 'W', dateRange: 'x' }, lessons, marking: NO_MARKING },
      result.suggestedLessons,
    );
  });

  it('says so when the week is empty and there is no marking', () => {
    const result = suggestLessons({
      plan: { title: 'W', dateRange: 'x' },
      lessons: [],
      marking: NO_MARKING,
    });
    expect(result).toEqual({
      message:
        'This plan has no lessons yet. Add your timetable and mark some work, and suggestions will follow.',
      action: 'OK',
      suggestedLessons: [],
      engine: 'builtin',
    });
  });

  it('places marking reviews in an empty week without clashing with each other', () => {
    const input: SuggestionInput = {
      plan: { title: 'W', dateRange: 'x' },
      lessons: [],
      marking: fractionsMarking,
    };
    const result = suggestLessons(input);
    expect(result.suggestedLessons.map((s) => s.title)).toEqual(['Fractions review']);
    expect(result.suggestedLessons[0]).toMatchObject({ timeSlot: '9:00 - 9:45 AM', day: 'Friday' });
  });

  it('proposes nothing in a full week, and says why', () => {
    const full = LESSON_DAYS.flatMap((day) => [
      lesson(day, '8:30 AM - 12:00 PM', `Morning ${day}`),
      lesson(day, '1:00 - 3:30 PM', `Afternoon ${day}`),
    ]);
    const input = {
      plan: { title: 'W', dateRange: 'x' },
      lessons: full,
      marking: fractionsMarking,
    };
    const result = suggestLessons(input);
    expect(result.suggestedLessons).toEqual([]);
    expect(result.action).toBe('OK');
    expect(result.message).toContain('no free 45 minutes');
  });

  it('names clashes and heavy days in its message and keeps off heavy days', () => {
    const lessons = [
      lesson('Monday', '9:00 - 10:00 AM', 'Maths'),
      lesson('Monday', '9:30 - 10:30 AM', 'Reading'),
      lesson('Monday', '10:45 - 11:30 AM', 'Spelling'),
      lesson('Monday', '1:00 - 1:45 PM', 'PE'),
      lesson('Monday', '2:00 - 2:45 PM', 'Music'),
      lesson('Tuesday', '9:00 - 9:45 AM', 'Maths'),
    ];
    const input = { plan: { title: 'W', dateRange: 'x' }, lessons, marking: fractionsMarking };
    const result = suggestLessons(input);
    expect(result.message).toContain('On Monday, “Maths” and “Reading” overlap.');
    expect(result.message).toContain('Monday has 5 lessons, more than the other days.');
    expect(result.suggestedLessons.every((s) => s.day !== 'Monday')).toBe(true);
    expectSafe(input, result.suggestedLessons);
  });
});
