import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSuggestionSchema } from '../../../contract/lesson-plans';
import { documents, feedback, students } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { providerLessonSuggester } from './provider';
import type { SuggestionInput } from './types';

type Mode = 'valid' | 'invalid-json' | 'schema-invalid' | 'clash' | 'slow' | 'error';

const PROVIDER_ANSWER = {
  message: 'Three pupils struggled with fractions; a review on Friday afternoon will help.',
  action: 'Add 2 review lessons',
  suggestedLessons: [
    {
      title: 'Fractions review',
      description: 'Common denominators, with fraction walls.',
      timeSlot: '1:30 - 2:15 PM',
      day: 'Friday',
      color: 'blue',
      reason: '3 pupils had feedback on fractions this week',
    },
    {
      title: 'Number bonds',
      description: 'Quick-fire practice.',
      timeSlot: '9:00 - 9:45 AM',
      day: 'Friday',
      color: 'green',
      reason: 'Warm-up before the review',
    },
  ],
};

/** A local server speaking the chat-completions protocol, with a switchable behaviour. */
async function startFakeProvider() {
  const requests: { body: Record<string, unknown> }[] = [];
  let mode: Mode = 'valid';
  // Close the client's kept-alive connections too, or closing waits for them.
  const app = Fastify({ forceCloseConnections: true });
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    if (request.headers.authorization !== 'Bearer test-key')
      return reply.status(401).send({ error: { message: 'Incorrect API key provided' } });
    if (!body.model || !Array.isArray(body.messages))
      return reply.status(400).send({ error: { message: 'model and messages are required' } });
    requests.push({ body });
    if (mode === 'error') return reply.status(503).send({ error: { message: 'overloaded' } });
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_500));
    const content =
      mode === 'invalid-json'
        ? '{"message": "Here are some lessons", "suggestedLessons": ['
        : mode === 'schema-invalid'
          ? JSON.stringify({
              ...PROVIDER_ANSWER,
              suggestedLessons: [{ title: 'x', day: 'Saturday' }],
            })
          : mode === 'clash'
            ? JSON.stringify({
                ...PROVIDER_ANSWER,
                suggestedLessons: [
                  ...PROVIDER_ANSWER.suggestedLessons,
                  {
                    ...PROVIDER_ANSWER.suggestedLessons[0]!,
                    title: 'Clashing',
                    timeSlot: '10:00 - 10:30 AM',
                    day: 'Monday',
                  },
                ],
              })
            : JSON.stringify(PROVIDER_ANSWER);
    return {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode: (value: Mode) => {
      mode = value;
    },
    close: () => app.close(),
  };
}

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
    topics: [{ topic: 'fractions', subject: 'Maths', items: 3, pupils: 3 }],
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
    const answer = lessonSuggestionSchema.parse(await suggester().suggest(INPUT));
    expect(answer.engine).toBe('provider');
    expect(answer.message).toBe(PROVIDER_ANSWER.message);
    expect(answer.action).toBe('Add 2 review lessons');
    expect(answer.suggestedLessons.map((s) => s.title)).toEqual([
      'Fractions review',
      'Number bonds',
    ]);
    expect(answer.suggestedLessons[0]!.suggestionKey).toMatch(/^sg-provider-[0-9a-f]{16}$/);
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
    expect(body.messages[1]!.content).toContain('"topic":"fractions"');
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
      reason: '3 pupils had feedback on fractions this week',
    });
    expect(Date.now() - started).toBeLessThan(1_400);
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

describe('the suggestion endpoint with a provider configured', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await startTestApp('pglite', { AI_BASE_URL: provider.url, AI_API_KEY: 'test-key' });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('answers with the provider, and sends it topics and counts but no pupil’s name or words', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Katherine');
    const plan = (
      await t.app.inject({
        method: 'POST',
        url: '/api/lesson-plans',
        headers: { cookie },
        payload: { title: 'Y5', dateRange: 'This week' },
      })
    ).json();
    for (const [index, name] of ['Zebediah', 'Philippa'].entries()) {
      const [pupil] = await t.ctx.db
        .insert(students)
        .values({ teacherId: teacher.id, name })
        .returning();
      const [doc] = await t.ctx.db
        .insert(documents)
        .values({
          uniqueId: `prov000${index}`,
          teacherId: teacher.id,
          studentId: pupil!.id,
          title: `${name}'s fractions`,
          author: name,
        })
        .returning();
      await t.ctx.db.insert(feedback).values({
        teacherId: teacher.id,
        documentId: doc!.id,
        type: 'text',
        content: `${name}, the denominator is wrong`,
        highlightId: `hl-p${index}`,
        highlightedText: 'my secret diary entry about fractions',
      });
    }
    await t.app.inject({
      method: 'POST',
      url: `/api/lesson-plans/${plan.id}/lessons`,
      headers: { cookie },
      payload: {
        title: 'Reading with Zebediah’s group',
        description: 'Guided reading',
        timeSlot: '9:00 - 9:45 AM',
        day: 'Monday',
        color: 'green',
      },
    });
    provider.setMode('valid');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/lesson-plans/${plan.id}/ai-suggestion`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().engine).toBe('provider');
    const sent = JSON.stringify(provider.requests.at(-1)!.body);
    expect(sent).toContain('fractions');
    expect(sent).toContain('Reading with a pupil’s group');
    expect(sent).not.toMatch(/Zebediah|Philippa|diary|denominator is wrong/);
  });
});
