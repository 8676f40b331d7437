import type { SuggestedLesson } from '../../../contract/lesson-plans';
import { markingReason } from './candidates';
import type { EvidencedLesson, MarkingSummary, MarkingTopic } from './types';

/*
 * A provider's lessons are held to the built-in engine's standard of evidence. It is
 * shown the marking's topics under short ids and cites the ones each lesson rests on;
 * the lesson then carries those topics' feedback ids. A number in its reason must be one
 * of the cited topics' counts (or part of their names, "Year 4"): a reason with any other
 * number is replaced by the built-in reason for the first cited topic, and a lesson that
 * cites nothing may not give a number at all.
 */

export type CitedTopic = { id: string; topic: MarkingTopic };

/** The topics the provider may cite: those shared by two pupils or more. */
export function citableTopics(marking: MarkingSummary): CitedTopic[] {
  return marking.topics
    .filter((topic) => topic.pupils >= 2)
    .map((topic, index) => ({ id: `m${index + 1}`, topic }));
}

/** Whole numbers standing alone: not a time (9:45), a decimal (1.15) or inside 9Y1. */
const STANDALONE_NUMBER = /(?<![\p{L}\p{N}.:])\d+(?![\p{L}\p{N}:]|[.,]\d)/gu;

const numbersIn = (text: string) =>
  [...text.matchAll(STANDALONE_NUMBER)].map((found) => Number(found[0]));

function numbersBehind(topics: MarkingTopic[]): Set<number> {
  return new Set(
    topics.flatMap((topic) => [
      topic.pupils,
      topic.items,
      ...topic.parts.map((part) => part.pupils),
      ...numbersIn(`${topic.group ?? ''} ${topic.topic}`),
    ]),
  );
}

/** The lesson with its evidence, its reason checked; null when it cannot be trusted. */
export function withEvidence(
  lesson: SuggestedLesson,
  citedIds: string[],
  citable: CitedTopic[],
): EvidencedLesson | null {
  const cited = citedIds.map((id) => citable.find((entry) => entry.id === id)?.topic);
  if (cited.some((topic) => topic === undefined)) return null;
  const topics = cited as MarkingTopic[];
  const allowed = numbersBehind(topics);
  const checked = numbersIn(lesson.reason).every((n) => allowed.has(n));
  if (!checked && topics.length === 0) return null;
  return {
    ...lesson,
    reason: checked ? lesson.reason : markingReason(topics[0]!),
    feedbackIds: [...new Set(topics.flatMap((topic) => topic.feedbackIds))],
  };
}
