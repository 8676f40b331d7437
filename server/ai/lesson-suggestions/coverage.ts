import { tokenise } from './phrase-match';
import { contextIdsOf, subjectOfTitle, topicMatches } from './vocabulary';

/*
 * What a lesson already in the week teaches, read from its title and description with the
 * same vocabulary as the marking: "Apostrophes for contraction" covers apostrophes and the
 * punctuation strand, "Expanding brackets" expanding brackets and algebra. A lesson that
 * covers a weakness means no new lesson on it: the suggestion adds to that lesson instead.
 */

/** Lessons that test or practise a whole area at once ("SPaG quiz"). */
const AREA_LESSONS: [RegExp, string[]][] = [
  [/\bspag\b|spelling,? punctuation and grammar/i, ['spelling', 'punctuation', 'grammar']],
  [/\bgps\b|grammar,? punctuation and spelling/i, ['spelling', 'punctuation', 'grammar']],
];

/** Topic and strand ids a lesson names; `subject` (its class's) settles ambiguous words. */
export function topicsOfLesson(
  lesson: { title: string; description: string },
  subject: string | null,
): Set<string> {
  const text = `${lesson.title}\n${lesson.description}`;
  const context = new Set<string>();
  const own = subject ?? subjectOfTitle(lesson.title)?.id;
  if (own) context.add(own);
  const ids = new Set<string>();
  for (const line of text.split(/[\n.;!?]+/)) {
    for (const match of topicMatches(tokenise(line), context)) {
      for (const id of contextIdsOf(match.value.topic)) ids.add(id);
    }
  }
  for (const [pattern, covered] of AREA_LESSONS)
    if (pattern.test(text)) for (const id of covered) ids.add(id);
  return ids;
}

/** The opening of an addition made from marking: how a lesson that already has one is known. */
export const additionOpening = (topicLabel: string) => `From marking – ${topicLabel}:`;

export const hasAdditionFor = (description: string, topicLabel: string) =>
  description.toLowerCase().includes(additionOpening(topicLabel).toLowerCase());
