import {
  type Clause,
  clausesOf,
  criticalClauses,
  type FeedbackKind,
  kindOfComment,
  withoutWords,
} from './feedback-kind';
import { tokenise } from './phrase-match';
import { type ContextSources, readingContext } from './reading-context';
import type { TopicEntry } from './topic-vocabulary';
import { bestTopic, topicMatches, topicOfCode, topicOfNotation } from './vocabulary';

export type { FeedbackKind } from './feedback-kind';

/*
 * Reads one feedback item as a teacher would: what it does (a weakness, a next step or
 * praise) and the school topic it points at. The topic comes from the teacher's words,
 * from the clauses that criticise when the item criticises; only when those name none,
 * from the pupil's highlighted passage. The document's title is context, never the
 * topic: praise on a "Fractions homework" is not a fractions problem, and "Spelling of
 * ‘quarter’" there is a spelling one.
 */

export type FeedbackToRead = ContextSources & {
  /** The teacher's words: the typed note, or the transcript of a spoken comment. */
  text: string;
  /** The pupil's passage the feedback is attached to. */
  highlightedText?: string | null;
  /** Pupils' names (lower case): never read as a topic ("Ray", "Summer Field"). */
  excludedWords?: ReadonlySet<string>;
};

export type FeedbackReading = { kind: FeedbackKind; topic: TopicEntry | null };

const NO_WORDS: ReadonlySet<string> = new Set();

function topicOfClauses(clauses: Clause[], context: ReadonlySet<string>): TopicEntry | null {
  for (const clause of clauses) {
    const topic = bestTopic(topicMatches(clause.tokens, context), context);
    if (topic) return topic;
  }
  return null;
}

export function readFeedback(item: FeedbackToRead): FeedbackReading {
  const excluded = item.excludedWords ?? NO_WORDS;
  const passage = item.highlightedText ?? '';
  const clauses = clausesOf(item.text, excluded);
  const passageTokens = withoutWords(tokenise(passage), excluded);
  const context = readingContext(
    item,
    clauses.flatMap((clause) => clause.tokens),
    passageTokens,
    passage,
  );
  const code = topicOfCode(item.text);
  if (code) return { kind: 'weakness', topic: code };

  const kind = kindOfComment(clauses);
  const fromComment = topicOfClauses(
    kind === 'praise' ? clauses : criticalClauses(clauses),
    context,
  );
  if (fromComment) return { kind, topic: fromComment };
  const fromPassage = bestTopic(topicMatches(passageTokens, context), context);
  if (fromPassage) return { kind, topic: fromPassage };
  const readsAsMaths = context.has('maths') || ![...context].length;
  return { kind, topic: readsAsMaths ? topicOfNotation(passage) : null };
}
