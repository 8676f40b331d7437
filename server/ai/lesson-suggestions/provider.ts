import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { lessonSuggestionSchema } from '../../../contract/lesson-plans';
import { type OpenAiSettings, postToOpenAi } from '../openai-client';
import { checkedText, type TextBrief } from './provider-check';
import { suggestLessons } from './rule-based';
import { suggestionKeyOf } from './safety';
import type {
  EvidencedLesson,
  EvidencedSuggestion,
  LessonSuggester,
  SuggestionInput,
} from './types';

/*
 * An OpenAI-compatible provider writes the words of the built-in planner's suggestions:
 * the description of a new lesson, or what is added to a lesson already planned. The
 * class, the slot, the topic and the counts come from the rules (rule-based.ts); the
 * provider is told the topic, the class and the counts, never a pupil's name or work.
 * Its text is checked against that evidence (provider-check.ts: no number, name or
 * topic the evidence lacks); text that fails keeps the built-in words, and on any
 * failure (timeout, error, invalid JSON or shape) the built-in suggestion stands.
 */

export const PROVIDER_TIMEOUT_MS = 20_000;

const INSTRUCTIONS =
  'You write the words of lesson suggestions for a school teacher (primary or secondary). ' +
  'Each suggestion answers a weakness the teacher’s marking showed: its topic, its class, ' +
  'and how many pupils had it are given. For kind "new lesson" write the lesson’s ' +
  'description (2-3 sentences: what the teacher and pupils do). For kind "starter" write ' +
  'one or two sentences for a 15-minute re-teach at the start of the lesson named. For ' +
  'kind "addition" write one or two sentences the teacher adds to the lesson named, which ' +
  'already covers the topic. Name only the topic given (and its parts); use no number ' +
  'except the counts given; never name a pupil. Use British spelling. Answer with one text ' +
  'for each key given.';

export const TEXT_JSON_SCHEMA = {
  name: 'lesson_texts',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['texts'],
    properties: {
      texts: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['key', 'text'],
          properties: { key: { type: 'string' }, text: { type: 'string', maxLength: 1_000 } },
        },
      },
    },
  },
} as const;

const answerSchema = z.object({
  texts: z.array(z.object({ key: z.string(), text: z.string().max(1_000) })),
});

const chatSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Pupils' names in the teacher's own text ("Maya's catch-up") become "a pupil". */
export function redactor(names: string[] = []) {
  const words = [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 2))];
  if (words.length === 0) return (text: string) => text;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?:['’]s)?(?![\\p{L}\\p{N}])`,
    'giu',
  );
  return (text: string) =>
    text.replace(pattern, (name) => (/['’]s$/i.test(name) ? 'a pupil’s' : 'a pupil'));
}

/** The suggestions the provider may word: those that rest on marking. */
export function textBriefs(input: SuggestionInput, lessons: EvidencedLesson[]): TextBrief[] {
  return lessons.flatMap((lesson, index) => {
    const topic = input.marking.topics.find(
      (t) => t.id === lesson.topicId && (t.group ?? null) === lesson.className,
    );
    if (!topic) return [];
    const kind: TextBrief['kind'] = !lesson.change
      ? 'new lesson'
      : lesson.change.summary.startsWith('Turn the starter')
        ? 'starter'
        : 'addition';
    return [{ key: `s${index + 1}`, index, kind, topic, lesson }];
  });
}

/** What the provider is told: topics, classes and counts; no pupil's name or words. */
export function providerBrief(input: SuggestionInput, briefs: TextBrief[]) {
  const redact = redactor(input.pupilNames);
  return {
    suggestions: briefs.map(({ key, kind, topic, lesson }) => ({
      key,
      kind,
      topic: topic.topic,
      subject: topic.subject,
      ...(topic.group ? { class: redact(topic.group) } : {}),
      pupils: topic.pupils,
      period: topic.withinWeek ? 'this week' : 'the last two weeks',
      ...(topic.parts.length > 0
        ? { parts: topic.parts.map(({ topic: label, pupils }) => ({ topic: label, pupils })) }
        : {}),
      ...(lesson.change ? { lesson: redact(lesson.title) } : {}),
    })),
  };
}

async function askProvider(
  settings: OpenAiSettings & { model: string },
  input: SuggestionInput,
  builtin: EvidencedSuggestion,
): Promise<EvidencedSuggestion> {
  const briefs = textBriefs(input, builtin.suggestedLessons);
  if (briefs.length === 0) return builtin;
  const reply = chatSchema.parse(
    await postToOpenAi(
      { ...settings, timeoutMs: settings.timeoutMs ?? PROVIDER_TIMEOUT_MS },
      '/chat/completions',
      {
        model: settings.model,
        temperature: 0,
        response_format: { type: 'json_schema', json_schema: TEXT_JSON_SCHEMA },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify(providerBrief(input, briefs)) },
        ],
      },
    ),
  );
  const answer = answerSchema.parse(JSON.parse(reply.choices[0]?.message.content ?? ''));
  const lessons = [...builtin.suggestedLessons];
  let worded = 0;
  for (const brief of briefs) {
    const text = answer.texts.find((entry) => entry.key === brief.key)?.text;
    const checked = text === undefined ? null : checkedText(text, brief, input);
    if (checked === null) continue;
    lessons[brief.index] = checked;
    worded += 1;
  }
  if (worded === 0) return builtin;
  const suggestion: EvidencedSuggestion = {
    ...builtin,
    suggestedLessons: lessons.map((lesson) =>
      lesson.change
        ? {
            ...lesson,
            suggestionKey: suggestionKeyOf('change', [
              lesson.topicId,
              lesson.className,
              lesson.change.lessonId,
              lesson.change.addition,
              lesson.reason,
            ]),
          }
        : lesson,
    ),
    engine: 'provider',
  };
  lessonSuggestionSchema.omit({ suggestedLessons: true }).parse(suggestion);
  return suggestion;
}

export function providerLessonSuggester(
  settings: OpenAiSettings & { model: string },
  log: FastifyBaseLogger,
): LessonSuggester {
  return {
    async suggest(input) {
      const builtin = suggestLessons(input);
      try {
        return await askProvider(settings, input, builtin);
      } catch (error) {
        log.warn({ err: error }, 'Suggestion provider failed; using the built-in words');
        return builtin;
      }
    },
  };
}
