import { createLessonSchema, MAX_DESCRIPTION_LENGTH } from '../../../contract/lesson-plans';
import { isStorableText } from '../../../contract/text';
import { additionOpening } from './coverage';
import { tokenise } from './phrase-match';
import type { EvidencedLesson, MarkingTopic, SuggestionInput } from './types';
import { contextIdsOf, subjectById, topicById, topicMatches } from './vocabulary';

/*
 * A provider's words are held to the evidence of the suggestion they are for: every
 * number in them is one of its counts (or part of its class's or topic's name, or the
 * re-teach's 15 minutes), no pupil is named, and every school topic they name is the
 * suggestion's topic or one of its parts. Text that fails any of these is not used.
 */

export type TextBrief = {
  key: string;
  /** Where it goes in the suggestion's list of lessons. */
  index: number;
  kind: 'new lesson' | 'starter' | 'addition';
  topic: MarkingTopic;
  lesson: EvidencedLesson;
};

/** Whole numbers standing alone: not inside "9Y1" or "10E1". */
const STANDALONE_NUMBER = /(?<![\p{L}\p{N}.:])\d+(?![\p{L}\p{N}:]|[.,]\d)/gu;
const NUMBER_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'hundred',
];
const NUMBER_WORD = new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b`, 'giu');
const valueOfWord = (word: string) => {
  const index = NUMBER_WORDS.indexOf(word.toLowerCase());
  return index < 20 ? index + 1 : index === 23 ? 100 : (index - 17) * 10;
};

export const numbersIn = (text: string) => [
  ...[...text.matchAll(STANDALONE_NUMBER)].map((found) => Number(found[0])),
  // "a one-off" or "one example" says no count; only words that could be a count are checked.
  ...[...text.matchAll(NUMBER_WORD)]
    .map((found) => valueOfWord(found[1]!))
    .filter((value) => value > 1),
];

function allowedNumbers(brief: TextBrief): Set<number> {
  const { topic } = brief;
  return new Set([
    topic.pupils,
    topic.items,
    ...topic.parts.map((part) => part.pupils),
    ...numbersIn(`${topic.group ?? ''} ${topic.topic}`),
    ...(brief.kind === 'starter' ? [15] : []),
  ]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function namesAPupil(text: string, names: string[] = []): boolean {
  const words = [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 2))];
  if (words.length === 0) return false;
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  ).test(text);
}

/** The topics the text names, read in the subject of the suggestion. */
function namesOtherTopics(text: string, brief: TextBrief): boolean {
  const { topic } = brief;
  const subject = [...subjectById.values()].find((s) => s.label === topic.subject)?.id;
  const own = topicById.get(topic.id);
  const allowed = new Set([topic.id, ...topic.parts.map((part) => part.id)]);
  if (own) for (const id of contextIdsOf(own)) allowed.add(id);
  const context = new Set([...(subject ? [subject] : []), ...allowed]);
  return text
    .split(/[\n.;!?]+/)
    .some((sentence) =>
      topicMatches(tokenise(sentence), context).some(
        (match) => !contextIdsOf(match.value.topic).some((id) => allowed.has(id)),
      ),
    );
}

/** The suggestion with the provider's words, or null when they fail a check. */
export function checkedText(
  text: string,
  brief: TextBrief,
  input: SuggestionInput,
): EvidencedLesson | null {
  const words = text.trim();
  if (!words || !isStorableText(words)) return null;
  const allowed = allowedNumbers(brief);
  if (!numbersIn(words).every((n) => allowed.has(n))) return null;
  if (namesAPupil(words, input.pupilNames)) return null;
  if (namesOtherTopics(words, brief)) return null;
  const written = `${additionOpening(brief.topic.topic)} ${words}`;
  const { lesson } = brief;
  if (!lesson.change) {
    const next = { ...lesson, description: written };
    return createLessonSchema.shape.description.safeParse(next.description).success ? next : null;
  }
  const before = lesson.description.slice(
    0,
    lesson.description.length - lesson.change.addition.length,
  );
  const description = `${before}${written}`;
  if (description.length > MAX_DESCRIPTION_LENGTH) return null;
  return { ...lesson, description, change: { ...lesson.change, addition: written } };
}
