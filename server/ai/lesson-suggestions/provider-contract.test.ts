import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSuggestionSchema } from '../../../contract/lesson-plans';
import { PROVIDER_ANSWER, startFakeProvider } from './fake-provider.test-support';
import { providerLessonSuggester } from './provider';
import type { SuggestionInput } from './types';

const INPUT: SuggestionInput = {
  plan: { title: 'Year 5', dateRange: 'Nov 23 - 27, 2026' },
  lessons: [
    {
      title: 'Maths',
      description: 'd',
      timeSlot: '9:45 - 11:00 AM',
      day: 'Monday',
      color: 'blue',
      suggestionKey: null,
    },
  ],
  marking: {
    items: 3,
    pupils: 3,
    withinWeek: true,
    topics: [
      {
        id: 'fractions',
        topic: 'fractions',
        subject: 'Maths',
        group: null,
        items: 3,
        pupils: 3,
        feedbackIds: [13, 12, 11],
        latestAt: new Date('2026-11-22T12:00:00Z'),
        withinWeek: true,
        parts: [],
      },
    ],
  },
};

describe('lesson suggestions from an OpenAI-compatible provider', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  const suggester = () =>
    providerLessonSuggester(
      { baseUrl: provider.url, apiKey: 'test-key', model: 'gpt-4o-mini', timeoutMs: 400 },
      log,
    );

  beforeAll(async () => {
    provider = await startFakeProvider();
  });
  afterAll(async () => provider?.close());

  it('uses a valid answer, asked for with the suggestion JSON schema', async () => {
    provider.setMode('valid');
    const answer = await suggester().suggest(INPUT);
    lessonSuggestionSchema.parse(answer);
    expect(answer.engine).toBe('provider');
    expect(answer.message).toBe(PROVIDER_ANSWER.message);
    expect(answer.action).toBe('Add 2 review lessons');
    expect(answer.suggestedLessons.map((s) => s.title)).toEqual([
      'Fractions review',
      'Number bonds',
    ]);
    expect(answer.suggestedLessons[0]!.suggestionKey).toMatch(/^sg-provider-[0-9a-f]{16}$/);
    expect(answer.suggestedLessons.map((s) => s.feedbackIds)).toEqual([[13, 12, 11], []]);
    expect(await suggester().suggest(INPUT)).toEqual(answer);
    const body = provider.requests.at(-1)!.body as {
      response_format: {
        type: string;
        json_schema: { name: string; schema: { required: string[] } };
      };
      messages: { content: string }[];
    };
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.schema.required).toEqual([
      'message',
      'action',
      'suggestedLessons',
    ]);
    expect(JSON.parse(body.messages[1]!.content).marking.topics).toEqual([
      {
        id: 'm1',
        topic: 'fractions',
        subject: 'Maths',
        pupils: 3,
        items: 3,
        period: 'this week',
      },
    ]);
  });

  it.each([
    ['invalid-json', 'the answer is not JSON'],
    ['schema-invalid', 'the answer does not match the schema'],
    ['error', 'the provider fails'],
    ['slow', 'the provider does not answer in time'],
  ] as const)('falls back to the built-in engine when %s (%s)', async (mode, _why) => {
    provider.setMode(mode);
    const started = Date.now();
    const answer = await suggester().suggest(INPUT);
    expect(answer.engine).toBe('builtin');
    expect(answer.suggestedLessons.find((s) => s.title === 'Fractions review')).toMatchObject({
      reason: '3 pupils had a correction or next step on fractions this week',
      feedbackIds: [13, 12, 11],
    });
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('replaces a reason whose numbers the evidence does not bear out, and drops unsupported lessons', async () => {
    provider.setMode('unchecked');
    const answer = await suggester().suggest(INPUT);
    expect(answer.engine).toBe('provider');
    expect(
      answer.suggestedLessons.map(({ title, reason, feedbackIds }) => ({
        title,
        reason,
        feedbackIds,
      })),
    ).toEqual([
      {
        title: 'Fractions review',
        reason: '3 pupils had a correction or next step on fractions this week',
        feedbackIds: [13, 12, 11],
      },
    ]);
    expect(answer.action).toBe('Add 1 lesson');
  });

  it('drops a lesson that clashes with the week, and says how many are left', async () => {
    provider.setMode('clash');
    const answer = await suggester().suggest(INPUT);
    expect(answer.engine).toBe('provider');
    expect(answer.suggestedLessons.map((s) => s.title)).toEqual([
      'Fractions review',
      'Number bonds',
    ]);
    provider.setMode('valid');
    const crowded = await suggester().suggest({
      ...INPUT,
      lessons: [
        ...INPUT.lessons,
        { ...INPUT.lessons[0]!, title: 'PE', timeSlot: '9:00 - 10:00 AM', day: 'Friday' },
      ],
    });
    expect(crowded.suggestedLessons.map((s) => s.title)).toEqual(['Fractions review']);
    expect(crowded.action).toBe('Add 1 lesson');
  });
});
