import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  LESSON_COLORS,
  LESSON_DAYS,
  type LessonSuggestion,
  lessonSuggestionSchema,
  MAX_DESCRIPTION_LENGTH,
  MAX_TIME_SLOT_LENGTH,
  MAX_TITLE_LENGTH,
} from '../../../contract/lesson-plans';
import { type OpenAiSettings, postToOpenAi } from '../openai-client';
import { suggestLessons } from './rule-based';
import { keepSafe, suggestionKeyOf } from './safety';
import type { LessonSuggester, SuggestionInput } from './types';

/*
 * An OpenAI-compatible provider asked for suggestions with a JSON schema. What it sends
 * is the week (titles, days, times) and the marking as topics and counts: no pupil's
 * name or writing ever leaves the server. Its answer is checked against the contract and
 * the same rules as the built-in engine's; offending lessons are dropped, and on any
 * failure (timeout, error, invalid JSON or shape, nothing left) the built-in engine answers.
 */

export const PROVIDER_TIMEOUT_MS = 20_000;

const INSTRUCTIONS =
  'You help a primary school teacher plan a Monday-to-Friday week. Propose at most 5 lessons ' +
  'that fit free time between 8:30 AM and 3:30 PM (lunch 12:00-1:00 PM is not free), never ' +
  'overlapping an existing lesson or each other, never repeating a lesson already in the plan. ' +
  'Prefer whole-class reviews of topics that drew feedback from several pupils, and reviews of ' +
  'subjects taught often this week. Write time slots like "9:00 - 9:45 AM" or ' +
  '"11:30 AM - 12:15 PM". Each reason is one short line the teacher reads, with the evidence ' +
  '("3 pupils had feedback on fractions this week"). Use British spelling. If nothing is ' +
  'useful, answer with an empty list and say why in the message. The action is the label of ' +
  'the button that adds them, e.g. "Add 3 review lessons".';

const lessonProperties = {
  title: { type: 'string', maxLength: MAX_TITLE_LENGTH },
  description: { type: 'string', maxLength: MAX_DESCRIPTION_LENGTH },
  timeSlot: { type: 'string', maxLength: MAX_TIME_SLOT_LENGTH },
  day: { type: 'string', enum: [...LESSON_DAYS] },
  color: { type: 'string', enum: [...LESSON_COLORS] },
  reason: { type: 'string' },
};

/** The contract's suggestion shape without what the server decides (keys, engine). */
export const SUGGESTION_JSON_SCHEMA = {
  name: 'lesson_suggestion',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['message', 'action', 'suggestedLessons'],
    properties: {
      message: { type: 'string' },
      action: { type: 'string' },
      suggestedLessons: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: Object.keys(lessonProperties),
          properties: lessonProperties,
        },
      },
    },
  },
} as const;

const answerSchema = lessonSuggestionSchema.omit({ engine: true }).extend({
  message: z.string().trim().min(1).max(1_000),
  action: z.string().trim().min(1).max(80),
  suggestedLessons: z.array(
    lessonSuggestionSchema.shape.suggestedLessons.element.omit({ suggestionKey: true }).extend({
      reason: z.string().trim().min(1).max(300),
    }),
  ),
});

const chatSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Pupils' names in the teacher's own text ("Maya's catch-up") become "a pupil". */
function redactor(names: string[] = []) {
  const words = [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 2))];
  if (words.length === 0) return (text: string) => text;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?:['’]s)?(?![\\p{L}\\p{N}])`,
    'giu',
  );
  return (text: string) =>
    text.replace(pattern, (name) => (/['’]s$/i.test(name) ? 'a pupil’s' : 'a pupil'));
}

/** What the provider is told: the week and counts per topic, nothing about any pupil. */
export function providerBrief(input: SuggestionInput) {
  const redact = redactor(input.pupilNames);
  return {
    plan: { title: redact(input.plan.title), dateRange: input.plan.dateRange },
    lessons: input.lessons.map(({ title, timeSlot, day }) => ({
      title: redact(title),
      timeSlot,
      day,
    })),
    marking: {
      period: input.marking.withinWeek ? 'this week' : 'the last two weeks',
      feedbackItems: input.marking.items,
      pupils: input.marking.pupils,
      topics: input.marking.topics
        .filter((topic) => topic.subject !== null)
        .map(({ topic, subject, items, pupils }) => ({ topic, subject, items, pupils })),
    },
  };
}

async function askProvider(
  settings: OpenAiSettings & { model: string },
  input: SuggestionInput,
): Promise<LessonSuggestion | null> {
  const reply = chatSchema.parse(
    await postToOpenAi(
      { ...settings, timeoutMs: settings.timeoutMs ?? PROVIDER_TIMEOUT_MS },
      '/chat/completions',
      {
        model: settings.model,
        temperature: 0,
        response_format: { type: 'json_schema', json_schema: SUGGESTION_JSON_SCHEMA },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify(providerBrief(input)) },
        ],
      },
    ),
  );
  const answer = answerSchema.parse(JSON.parse(reply.choices[0]?.message.content ?? ''));
  const proposed = answer.suggestedLessons.map((lesson) => ({
    ...lesson,
    suggestionKey: suggestionKeyOf('provider', [
      lesson.title,
      lesson.day,
      lesson.timeSlot,
      lesson.description,
    ]),
  }));
  const kept = keepSafe(input.lessons, proposed);
  // Everything it proposed broke a rule: its message would describe lessons we dropped.
  if (proposed.length > 0 && kept.length === 0) return null;
  const action =
    kept.length === proposed.length
      ? answer.action
      : `Add ${kept.length} lesson${kept.length === 1 ? '' : 's'}`;
  return lessonSuggestionSchema.parse({
    message: answer.message,
    action: kept.length === 0 ? 'OK' : action,
    suggestedLessons: kept,
    engine: 'provider',
  });
}

export function providerLessonSuggester(
  settings: OpenAiSettings & { model: string },
  log: FastifyBaseLogger,
): LessonSuggester {
  return {
    async suggest(input) {
      try {
        const answer = await askProvider(settings, input);
        if (answer) return answer;
        log.warn('Suggestion provider proposed only lessons that break the rules; using built-in');
      } catch (error) {
        log.warn({ err: error }, 'Suggestion provider failed; using the built-in engine');
      }
      return suggestLessons(input);
    },
  };
}
