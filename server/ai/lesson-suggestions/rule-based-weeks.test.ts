import { describe, expect, it } from 'vitest';
import { summariseMarking } from './marking-summary';
import { suggestLessons } from './rule-based';
import {
  type LabelledEvidence,
  NOW,
  SECONDARY_ENGLISH,
  SECONDARY_MATHS,
  TEACHER_WEEKS,
  type TeacherWeek,
  YEAR_4,
} from './teacher-weeks.test-support';
import { TOPICS } from './topic-vocabulary';
import type { SuggestionInput, WeekLesson } from './types';

const inputOf = (week: TeacherWeek, options?: SuggestionInput['options']): SuggestionInput => ({
  plan: { title: week.name, dateRange: 'Nov 23 - 27, 2026' },
  lessons: week.lessons,
  schoolDay: week.schoolDay,
  marking: summariseMarking(week.marking, { now: NOW, excludedWords: week.names }),
  pupilNames: week.names,
  ...(options ? { options } : {}),
});

/** Whole numbers standing alone in a reason (not inside "9Y1" or "10E1"). */
const numbersIn = (text: string) =>
  [...text.matchAll(/(?<![\p{L}\p{N}])\d+(?![\p{L}\p{N}])/gu)].map((m) => Number(m[0]));

const labelOf = (id: string | null) => TOPICS.find((topic) => topic.id === id)?.label;

describe('built-in suggestions on three teachers’ weeks', () => {
  it.each(TEACHER_WEEKS.map((week) => [week.name, week] as const))(
    '%s: every number in a reason is a count of distinct pupils, from the items it links to',
    (_name, week) => {
      const result = suggestLessons(inputOf(week));
      const fromMarking = result.suggestedLessons.filter((s) => s.feedbackIds.length > 0);
      expect(fromMarking.length).toBeGreaterThan(0);
      for (const suggestion of fromMarking) {
        const items = suggestion.feedbackIds.map(
          (id) => week.marking.find((e) => e.feedbackId === id) as LabelledEvidence,
        );
        expect(
          items.every((e) => e?.truth),
          suggestion.title,
        ).toBe(true);
        const pupils = (list: LabelledEvidence[]) => new Set(list.map((e) => e.pupilKey)).size;
        const [total, ...parts] = numbersIn(suggestion.reason);
        expect(total, suggestion.reason).toBe(pupils(items));
        // A strand's parts: "expanding brackets (3 pupils)" counts that topic's pupils.
        for (const [index, count] of parts.entries()) {
          const label = suggestion.reason.split(': ')[1]!.split(', ')[index]!.split(' (')[0];
          const ofPart = items.filter((e) => labelOf(e.truth) === label);
          expect(count, `${suggestion.reason}: ${label}`).toBe(pupils(ofPart));
        }
        const group = items[0]!.group;
        if (group) expect(suggestion.reason).toContain(` in ${group} `);
      }
    },
  );

  it.each(TEACHER_WEEKS.map((week) => [week.name, week] as const))(
    '%s: no subject review filler when the marking shows weaknesses',
    (_name, week) => {
      const result = suggestLessons(inputOf(week));
      expect(result.suggestedLessons.filter((s) => /is taught/.test(s.reason))).toEqual([]);
      expect(result.suggestedLessons.map((s) => s.title)).not.toContain('PE review');
    },
  );

  it.each(TEACHER_WEEKS.map((week) => [week.name, week] as const))(
    '%s: each suggestion names its class and sits where that class is taught',
    (_name, week) => {
      const result = suggestLessons(inputOf(week));
      const multiClass = week.marking.some((e) => e.group);
      for (const suggestion of result.suggestedLessons) {
        const group = week.marking.find((e) => e.feedbackId === suggestion.feedbackIds[0])?.group;
        expect(suggestion.className).toBe(group ?? null);
        if (!multiClass) continue;
        // A subject teacher's class is taught only in its lessons: the suggestion changes one.
        const lesson = week.lessons.find((l) => l.id === suggestion.change?.lessonId);
        expect(lesson?.title, suggestion.reason).toMatch(new RegExp(`^${group} `));
        expect(suggestion.title).toBe(lesson!.title);
      }
    },
  );

  it('proposes the Year 9 algebra first, as a re-teach in 9Y1’s first lesson', () => {
    const result = suggestLessons(inputOf(SECONDARY_MATHS));
    expect(result.action).toBe(`Change ${result.suggestedLessons.length} lessons`);
    const [first] = result.suggestedLessons;
    expect(first).toMatchObject({
      title: '9Y1 Maths',
      day: 'Monday',
      timeSlot: '9:00 - 10:00 AM',
      className: '9Y1',
      topicId: 'algebra',
      reason:
        '5 pupils in 9Y1 had a correction or next step in algebra this week: ' +
        'expanding brackets (3 pupils), collecting like terms (2 pupils)',
    });
    expect(first!.change!.summary).toBe(
      'Turn the starter of Monday P1 (“9Y1 Maths”) into a 15-minute re-teach of algebra',
    );
  });

  it('on a Thursday of the plan’s week, changes only lessons still to come', () => {
    const result = suggestLessons({ ...inputOf(SECONDARY_MATHS), firstDay: 'Thursday' });
    const algebra = result.suggestedLessons.find((s) => s.className === '9Y1');
    // 9Y1's Monday and Tuesday lessons have been taught: Thursday P5 is the next one.
    expect(algebra?.change?.summary).toBe(
      'Turn the starter of Thursday P5 (“9Y1 Maths”) into a 15-minute re-teach of algebra',
    );
    for (const suggestion of result.suggestedLessons)
      expect(['Thursday', 'Friday'], suggestion.title).toContain(suggestion.day);
    const yearFour = suggestLessons({ ...inputOf(YEAR_4), firstDay: 'Friday' });
    expect(yearFour.suggestedLessons.length).toBeGreaterThan(0);
    for (const suggestion of yearFour.suggestedLessons) expect(suggestion.day).toBe('Friday');
  });

  it('keeps Year 10’s use of evidence among equally shared weaknesses, by recency', () => {
    const classes = suggestLessons(inputOf(SECONDARY_ENGLISH)).suggestedLessons.map(
      (s) => `${s.className} ${s.topicId}`,
    );
    expect(classes.slice(0, 3)).toEqual(['10E1 use-of-evidence', '8B2 paragraphs', '7C3 spelling']);
  });

  it('leads the Year 4 class with the weakness most pupils share, in free lesson periods', () => {
    const result = suggestLessons(inputOf(YEAR_4));
    expect(
      result.suggestedLessons.slice(0, 3).map((s) => [s.title, s.day, s.timeSlot, !!s.change]),
    ).toEqual([
      ['Punctuating speech review', 'Friday', '10:00 - 10:45 AM', false],
      // Monday's and Tuesday's maths is on fractions already: the re-teach goes into it.
      ['Maths: fractions', 'Monday', '9:00 - 10:00 AM', true],
      ['Fair tests and variables review', 'Thursday', '10:00 - 10:45 AM', false],
    ]);
    expect(result.message).toContain(
      'In your marking of the last 14 days, 4 pupils had a correction or next step on ' +
        'punctuating speech, 3 on fractions and 2 on fair tests and variables.',
    );
  });
});

describe('subject reviews', () => {
  const lesson = (day: WeekLesson['day'], title: string): WeekLesson => ({
    title,
    description: 'Planned',
    timeSlot: '9:00 - 10:00 AM',
    day,
    color: 'blue',
    suggestionKey: null,
  });
  const week = [
    lesson('Monday', 'Science: plants'),
    lesson('Tuesday', 'Science: light'),
    lesson('Wednesday', 'Science: sound'),
    { ...lesson('Monday', 'PE'), timeSlot: '1:00 - 2:00 PM' },
    { ...lesson('Tuesday', 'PE'), timeSlot: '1:00 - 2:00 PM' },
    { ...lesson('Thursday', 'PE'), timeSlot: '1:00 - 2:00 PM' },
  ];
  const withMarking = (generalIdeas?: boolean) =>
    inputOf(
      // The maths marking names no science weakness: a science review is only an idea.
      { ...SECONDARY_MATHS, lessons: week },
      generalIdeas === undefined ? undefined : { generalIdeas },
    );

  it('are left out when the marking shows weaknesses, even when the teacher asks for ideas', () => {
    const titles = (input: SuggestionInput) =>
      suggestLessons(input).suggestedLessons.map((s) => s.title);
    expect(titles(withMarking())).not.toContain('Science review');
    expect(titles(withMarking(false))).not.toContain('Science review');
    expect(titles(withMarking(true))).not.toContain('Science review');
  });

  it('come when the marking shows nothing and the teacher asks, and never for PE', () => {
    const quiet = {
      plan: { title: 'W', dateRange: 'x' },
      lessons: week,
      marking: { items: 0, pupils: 0, topics: [], withinWeek: true },
    };
    expect(suggestLessons(quiet).suggestedLessons).toEqual([]);
    const result = suggestLessons({ ...quiet, options: { generalIdeas: true } });
    const titles = result.suggestedLessons.map((s) => s.title);
    expect(titles).toContain('Science review');
    expect(titles).not.toContain('PE review');
    expect(result.suggestedLessons.every((s) => s.feedbackIds.length === 0)).toBe(true);
  });
});
