import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  LESSON_COLORS,
  LESSON_DAYS,
  lessonSuggestionSchema,
  MAX_DESCRIPTION_LENGTH,
  MAX_TIME_SLOT_LENGTH,
  MAX_TITLE_LENGTH,
} from '../../../contract/lesson-plans';
import { type OpenAiSettings, postToOpenAi } from '../openai-client';
import { citableTopics, withEvidence } from './provider-evidence';
import { suggestLessons } from './rule-based';
import { keepSafe, suggestionKeyOf } from './safety';
import type {
  EvidencedLesson,
  EvidencedSuggestion,
  LessonSuggester,
  SuggestionInput,
} from './types';

/*
 * An OpenAI-compatible provider asked for suggestions with a JSON schema. What it sends
 * is the week (titles, days, times) and the marking as topics and counts: no pupil's
 * name or writing ever leaves the server. Its answer is checked against the contract and
 * the same rules as the built-in engine's, and its reasons against the evidence it cites
 * (provider-evidence.ts); offending lessons are dropped, and on any failure (timeout,
 * error, invalid JSON or shape, nothing left) the built-in engine answers.
 */

export const PROVIDER_TIMEOUT_MS = 20_000;

const INSTRUCTIONS =
  'You help a school teacher (primary or secondary) plan a Monday-to-Friday week. Propose at ' +
  'most 5 lessons that fit free time between 8:30 AM and 3:30 PM (lunch 12:00-1:00 PM is not ' +
  'free), never overlapping an existing lesson or each other, never repeating a lesson ' +
  'already in the plan. The marking topics are weaknesses: each counts the distinct pupils ' +
  'who had a correction or next step on it (in one class when a class is given). Prefer ' +
  'whole-class reviews of the topics with the most pupils, then the most recent, in the ' +
  'order given. Propose a review of a subject taught often only when there are no marking ' +
  'topics or generalIdeas is true. In "evidence" list the ids of the marking topics a lesson ' +
  'rests on (empty when none). Write time slots like "9:00 - 9:45 AM" or ' +
  '"11:30 AM - 12:15 PM". Each reason is one short line the teacher reads; any number in it ' +
  'must be a count given for a topic it cites ("3 pupils in 9Y1 had a correction or next ' +
  'step on expanding brackets this week"). Use British spelling. If nothing is useful, ' +
  'answer with an empty list and say why in the message. The action is the label of the ' +
  'button that adds them, e.g. "Add 3 review lessons".';

const lessonProperties = {
  title: { type: 'string', maxLength: MAX_TITLE_LENGTH },
  description: { type: 'string', maxLength: MAX_DESCRIPTION_LENGTH },
  timeSlot: { type: 'string', maxLength: MAX_TIME_SLOT_LENGTH },
  day: { type: 'string', enum: [...LESSON_DAYS] },
  color: { type: 'string', enum: [...LESSON_COLORS] },
  reason: { type: 'string' },
  evidence: { type: 'array', items: { type: 'string' } },
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
      evidence: z.array(z.string()),
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
      feedbackItems: input.marking.items,
      pupils: input.marking.pupils,
      topics: citableTopics(input.marking).map(({ id, topic }) => ({
        id,
        topic: topic.topic,
        subject: topic.subject,
        ...(topic.group ? { class: redact(topic.group) } : {}),
        pupils: topic.pupils,
        items: topic.items,
        period: topic.withinWeek ? 'this week' : 'the last two weeks',
        ...(topic.parts.length > 0 ? { parts: topic.parts } : {}),
      })),
    },
    generalIdeas: input.options?.generalIdeas ?? false,
  };
}

async function askProvider(
  settings: OpenAiSettings & { model: string },
  input: SuggestionInput,
): Promise<EvidencedSuggestion | null> {
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
  const citable = citableTopics(input.marking);
  const proposed = answer.suggestedLessons.map(({ evidence, ...lesson }) =>
    withEvidence(
      {
        ...lesson,
        suggestionKey: suggestionKeyOf('provider', [
          lesson.title,
          lesson.day,
          lesson.timeSlot,
          lesson.description,
        ]),
      },
      evidence,
      citable,
    ),
  );
  const kept = keepSafe(
    input.lessons,
    proposed.filter((lesson): lesson is EvidencedLesson => lesson !== null),
  );
  // Everything it proposed broke a rule: its message would describe lessons we dropped.
  if (proposed.length > 0 && kept.length === 0) return null;
  const action =
    kept.length === proposed.length
      ? answer.action
      : `Add ${kept.length} lesson${kept.length === 1 ? '' : 's'}`;
  const suggestion: EvidencedSuggestion = {
    message: answer.message,
    action: kept.length === 0 ? 'OK' : action,
    suggestedLessons: kept,
    engine: 'provider',
  };
  lessonSuggestionSchema.parse(suggestion);
  return suggestion;
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
