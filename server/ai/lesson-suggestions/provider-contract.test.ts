import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSuggestionSchema } from '../../../contract/lesson-plans';
import { goodText, startFakeProvider } from './fake-provider.test-support';
import { summariseMarking } from './marking-summary';
import { providerLessonSuggester } from './provider';
import { suggestLessons } from './rule-based';
import type { FeedbackEvidence, SuggestionInput } from './types';

const NOW = new Date('2026-11-23T12:00:00Z');
let id = 10;
const marked = (pupil: string, text: string): FeedbackEvidence => ({
  feedbackId: ++id,
  pupilKey: pupil,
  text,
  highlightedText: null,
  documentTitle: 'Homework',
  createdAt: new Date(NOW.getTime() - 86_400_000 - id * 60_000),
});

const INPUT: SuggestionInput = {
  plan: { title: 'Year 5', dateRange: 'Nov 23 - 27, 2026' },
  lessons: [
    {
      id: 1,
      title: 'Maths: adding fractions',
      description: 'Fraction walls.',
      timeSlot: '9:00 - 10:00 AM',
      day: 'Monday',
      color: 'blue',
      suggestionKey: null,
    },
  ],
  marking: summariseMarking(
    [
      marked('a', 'Check the denominator before you add fractions.'),
      marked('b', 'Fractions: find a common denominator.'),
      marked('c', 'These fractions are not simplified.'),
      marked('a', 'Spelling of “because”.'),
      marked('d', 'Check your spellings.'),
      marked('c', 'Remember capital letters at the start of a sentence.'),
      marked('d', 'Full stop at the end of each sentence.'),
    ],
    { now: NOW },
  ),
  pupilNames: ['Zebediah', 'Philippa'],
};

describe('lesson suggestions worded by an OpenAI-compatible provider', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  const suggester = () =>
    providerLessonSuggester(
      { baseUrl: provider.url, apiKey: 'test-key', model: 'gpt-4o-mini', timeoutMs: 400 },
      log,
    );
  const builtin = suggestLessons(INPUT);

  beforeAll(async () => {
    provider = await startFakeProvider();
  });
  afterAll(async () => provider?.close());

  it('writes the descriptions; class, slot, topic, counts and reasons stay the rules’', async () => {
    expect(builtin.suggestedLessons.length).toBe(3);
    provider.setMode('valid');
    const answer = await suggester().suggest(INPUT);
    lessonSuggestionSchema.omit({ suggestedLessons: true }).parse(answer);
    expect(answer.engine).toBe('provider');
    expect(answer.message).toBe(builtin.message);
    expect(answer.action).toBe(builtin.action);
    const fixed = ({
      description: _,
      change: __,
      suggestionKey: ___,
      ...rest
    }: object & {
      description: string;
      change: unknown;
      suggestionKey: string;
    }) => rest;
    expect(answer.suggestedLessons.map(fixed)).toEqual(builtin.suggestedLessons.map(fixed));
    const [fractions, ...others] = answer.suggestedLessons;
    // Monday's maths already covers fractions: the provider words what is added to it.
    expect(fractions!.change!.addition).toBe(`From marking – fractions: ${goodText('fractions')}`);
    expect(fractions!.description).toBe(`Fraction walls.\n\n${fractions!.change!.addition}`);
    for (const lesson of others)
      expect(lesson.description).toMatch(/^From marking – [a-z ]+: Go over the common mistakes/);
    expect(await suggester().suggest(INPUT)).toEqual(answer);

    const body = provider.requests.at(-1)!.body as {
      response_format: { type: string; json_schema: { name: string } };
      messages: { content: string }[];
    };
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'lesson_texts' },
    });
    const brief = JSON.parse(body.messages[1]!.content);
    expect(brief.suggestions[0]).toEqual({
      key: 's1',
      kind: 'addition',
      topic: 'fractions',
      subject: 'Maths',
      pupils: 3,
      period: 'this week',
      lesson: 'Maths: adding fractions',
    });
  });

  it('keeps the built-in words for text with a count, a name or a topic the evidence lacks', async () => {
    provider.setMode('unchecked');
    const answer = await suggester().suggest(INPUT);
    expect(answer.engine).toBe('builtin');
    expect(answer).toEqual(builtin);
  });

  it.each([
    ['invalid-json', 'the answer is not JSON'],
    ['schema-invalid', 'the answer does not match the schema'],
    ['error', 'the provider fails'],
    ['slow', 'the provider does not answer in time'],
  ] as const)('keeps the built-in suggestion when %s (%s)', async (mode, _why) => {
    provider.setMode(mode);
    const started = Date.now();
    expect(await suggester().suggest(INPUT)).toEqual(builtin);
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('asks nothing when there is nothing to word', async () => {
    provider.setMode('valid');
    const before = provider.requests.length;
    const empty = { ...INPUT, marking: { items: 0, pupils: 0, topics: [], withinWeek: true } };
    expect((await suggester().suggest(empty)).engine).toBe('builtin');
    expect(provider.requests.length).toBe(before);
  });
});
