import { describe, expect, it } from 'vitest';
import { summariseMarking, weekSubjectOf } from './marking-summary';
import {
  type LabelledEvidence,
  NOW,
  SECONDARY_ENGLISH,
  SECONDARY_MATHS,
  TEACHER_WEEKS,
  YEAR_4,
} from './teacher-weeks.test-support';
import type { FeedbackEvidence } from './types';

let nextId = 1;
const item = (
  pupil: string,
  text: string,
  options: { daysAgo?: number; group?: string; title?: string } = {},
): FeedbackEvidence => ({
  feedbackId: nextId++,
  pupilKey: pupil,
  text,
  highlightedText: null,
  documentTitle: options.title ?? 'Homework',
  createdAt: new Date(NOW.getTime() - (options.daysAgo ?? 1) * 86_400_000),
  group: options.group ?? null,
});

const summarise = (evidence: FeedbackEvidence[]) => summariseMarking(evidence, { now: NOW });
const ranked = (evidence: FeedbackEvidence[]) =>
  summarise(evidence).topics.map((topic) => [topic.id, topic.pupils]);

describe('marking summary: what counts', () => {
  it('counts distinct pupils, not comments', () => {
    const oneMuchMarked = [1, 2, 3, 4].map(() => item('ava', 'Check your fractions again.'));
    const twoPupils = [item('leo', 'Check your spelling.'), item('noah', 'Spelling of ‘because’.')];
    expect(ranked([...oneMuchMarked, ...twoPupils])).toEqual([
      ['spelling', 2],
      ['fractions', 1],
    ]);
    expect(summarise(oneMuchMarked).topics[0]).toMatchObject({ pupils: 1, items: 4 });
  });

  it('leaves praise out, even under a document titled with a topic', () => {
    const fractions = { title: 'Fractions homework' };
    const summary = summarise([
      item('a', 'You’ve added the denominators.', fractions),
      item('b', 'Check the denominator first.', fractions),
      item('c', 'Not quite – find a common denominator.', fractions),
      item('d', 'Brilliant, every fraction simplified!', fractions),
      item('e', 'Lovely neat presentation.', fractions),
      item('f', 'Spelling of ‘quarter’.', fractions),
    ]);
    expect(summary.items).toBe(6);
    expect(summary.topics.map(({ id, pupils }) => ({ id, pupils }))).toEqual([
      { id: 'fractions', pupils: 3 },
      { id: 'spelling', pupils: 1 },
    ]);
  });

  it('counts pupils within their class when the evidence names classes', () => {
    const summary = summarise([
      item('a', 'Check your spelling.', { group: '7C3' }),
      item('b', 'Check your spelling.', { group: '7C3' }),
      item('c', 'Check your spelling.', { group: '8B2' }),
    ]);
    expect(summary.topics.map(({ id, group, pupils }) => ({ id, group, pupils }))).toEqual([
      { id: 'spelling', group: '7C3', pupils: 2 },
      { id: 'spelling', group: '8B2', pupils: 1 },
    ]);
  });

  it('keeps the ids of the feedback items a topic rests on, newest first', () => {
    const older = item('a', 'Check your spelling.', { daysAgo: 5 });
    const newer = item('b', 'Spelling!', { daysAgo: 1 });
    const praise = item('c', 'Super spellings.');
    expect(summarise([older, newer, praise]).topics[0]!.feedbackIds).toEqual([
      newer.feedbackId,
      older.feedbackId,
    ]);
  });

  it('says “this week” only when all of a topic’s evidence is from the last 7 days', () => {
    const summary = summarise([
      item('a', 'Check your spelling.', { daysAgo: 2 }),
      item('b', 'Check your spelling.', { daysAgo: 9 }),
      item('c', 'Use commas in your list.', { daysAgo: 2 }),
    ]);
    const within = Object.fromEntries(summary.topics.map((t) => [t.id, t.withinWeek]));
    expect(within).toEqual({ spelling: false, commas: true });
  });
});

describe('marking summary: ranking', () => {
  it('ranks by pupils, then by the most recent evidence, never alphabetically', () => {
    const spellingNewer = [
      item('a', 'Check your spelling.', { daysAgo: 1 }),
      item('b', 'Check your spelling.', { daysAgo: 3 }),
    ];
    const apostrophesOlder = [
      item('c', 'Apostrophe for possession.', { daysAgo: 4 }),
      item('d', 'Apostrophe for possession.', { daysAgo: 4 }),
    ];
    expect(ranked([...apostrophesOlder, ...spellingNewer])).toEqual([
      ['spelling', 2],
      ['apostrophes', 2],
    ]);
    // The same with the dates swapped: the order follows the dates, not the names.
    const spellingOlder = spellingNewer.map((e) => ({
      ...e,
      createdAt: apostrophesOlder[0]!.createdAt,
    }));
    const apostrophesNewer = apostrophesOlder.map((e) => ({
      ...e,
      createdAt: spellingNewer[0]!.createdAt,
    }));
    expect(ranked([...spellingOlder, ...apostrophesNewer])).toEqual([
      ['apostrophes', 2],
      ['spelling', 2],
    ]);
  });

  it('puts more pupils before more recent', () => {
    expect(
      ranked([
        item('a', 'Check your spelling.', { daysAgo: 1 }),
        item('b', 'Check your spelling.', { daysAgo: 1 }),
        item('c', 'Use commas in your list.', { daysAgo: 12 }),
        item('d', 'Use commas in your list.', { daysAgo: 12 }),
        item('e', 'Use commas in your list.', { daysAgo: 12 }),
      ]),
    ).toEqual([
      ['commas', 3],
      ['spelling', 2],
    ]);
  });

  it('counts a class’s algebra errors as one strand when together they reach more pupils', () => {
    const summary = summarise(SECONDARY_MATHS.marking.filter((e) => e.group === '9Y1'));
    expect(summary.topics[0]).toMatchObject({
      id: 'algebra',
      group: '9Y1',
      pupils: 5,
      parts: [
        { topic: 'expanding brackets', pupils: 3 },
        { topic: 'collecting like terms', pupils: 2 },
      ],
    });
    // One topic of the strand alone stays itself.
    const bracketsOnly = summarise(
      SECONDARY_MATHS.marking.filter((e) => e.group === '9Y1' && e.truth === 'expanding-brackets'),
    );
    expect(bracketsOnly.topics[0]).toMatchObject({
      id: 'expanding-brackets',
      pupils: 3,
      parts: [],
    });
  });
});

describe('marking summary on three teachers’ weeks', () => {
  /** Distinct pupils per class and topic, from the labels a teacher gave the items. */
  function truthCounts(marking: LabelledEvidence[]) {
    const pupils = new Map<string, Set<string>>();
    for (const e of marking) {
      if (!e.truth) continue;
      const key = `${e.group ?? ''}|${e.truth}`;
      pupils.set(key, (pupils.get(key) ?? new Set()).add(e.pupilKey));
    }
    return pupils;
  }

  it.each(TEACHER_WEEKS.map((week) => [week.name, week] as const))(
    '%s: every count is the number of distinct pupils a teacher would count',
    (_name, week) => {
      const summary = summariseMarking(week.marking, { now: NOW, excludedWords: week.names });
      const truth = truthCounts(week.marking);
      for (const topic of summary.topics) {
        const items = week.marking.filter((e) => topic.feedbackIds.includes(e.feedbackId));
        expect(
          items.every((e) => e.truth !== null && e.group === topic.group),
          topic.id,
        ).toBe(true);
        expect(new Set(items.map((e) => e.pupilKey)).size, topic.id).toBe(topic.pupils);
        if (topic.parts.length === 0)
          expect(topic.pupils, topic.id).toBe(truth.get(`${topic.group ?? ''}|${topic.id}`)?.size);
      }
      const counted = summary.topics.flatMap((topic) => topic.feedbackIds);
      const weaknesses = week.marking.filter((e) => e.truth !== null);
      expect(counted.sort()).toEqual(weaknesses.map((e) => e.feedbackId).sort());
    },
  );

  it('ranks the Year 4 class’s speech punctuation, then fractions, then fair tests', () => {
    const summary = summariseMarking(YEAR_4.marking, { now: NOW, excludedWords: YEAR_4.names });
    expect(summary.topics.map((t) => [t.id, t.pupils])).toEqual([
      ['speech-punctuation', 4],
      ['fractions', 3],
      ['fair-tests', 2],
      ['spelling', 1],
    ]);
  });

  it('ranks the English teacher’s three-pupil weaknesses by recency, Year 10’s first', () => {
    const summary = summariseMarking(SECONDARY_ENGLISH.marking, { now: NOW });
    expect(summary.topics.slice(0, 4).map((t) => [t.group, t.id, t.pupils])).toEqual([
      ['10E1', 'use-of-evidence', 3],
      ['8B2', 'paragraphs', 3],
      ['7C3', 'spelling', 3],
      ['10E1', 'analysis', 2],
    ]);
  });
});

describe('the week’s one subject', () => {
  it('is the subject every reviewable lesson names, if there is exactly one', () => {
    expect(weekSubjectOf(SECONDARY_MATHS.lessons.map((l) => l.title))).toBe('maths');
    expect(weekSubjectOf(['9Y1', 'Year 9 Maths', 'PE'])).toBe('maths');
    expect(weekSubjectOf(YEAR_4.lessons.map((l) => l.title))).toBeNull();
    expect(weekSubjectOf([])).toBeNull();
  });
});
