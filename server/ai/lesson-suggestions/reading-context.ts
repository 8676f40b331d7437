import { type Token, tokenise } from './phrase-match';
import {
  contextIdsOf,
  subjectAgreedByContextWords,
  subjectsMarkedIn,
  subjectsNamedIn,
  subjectsOfPlainTopics,
  topicMatches,
  topicOfNotation,
} from './vocabulary';

/*
 * What a piece of feedback is about, as context for the words whose meaning depends on
 * the subject ("variable" is algebra in maths and a fair-test word in science). The
 * lesson's or document's subject decides first; only when they say nothing do the
 * comment's own words, then the one subject of the teacher's week.
 */

export type ContextSources = {
  documentTitle?: string | null;
  /** The subject of the class or lesson the work was done in ("Maths"), when known. */
  subject?: string | null;
  /** The only subject on the teacher's timetable this week, when there is one. */
  weekSubject?: string | null;
};

/** A title's subject: named, else shown by a set text or paper, else by its topic words. */
function subjectsOfTitle(tokens: Token[]): Set<string> {
  const named = subjectsNamedIn(tokens);
  if (named.size > 0) return named;
  const marked = subjectsMarkedIn(tokens);
  if (marked.size > 0) return marked;
  const ofTopics = subjectsOfPlainTopics(tokens);
  if (ofTopics.size > 0) return ofTopics;
  const agreed = subjectAgreedByContextWords(tokens);
  return new Set(agreed ? [agreed] : []);
}

/**
 * The comment's own subject: a set text or paper it mentions, a topic it names plainly,
 * the notation of the pupil's working, or (corroborated by two words or more) the one
 * subject its context-bound words agree on ("convert 2.5 km into metres").
 */
function subjectsOfComment(tokens: Token[], passage: string): Set<string> {
  const marked = subjectsMarkedIn(tokens);
  if (marked.size > 0) return marked;
  const ofTopics = subjectsOfPlainTopics(tokens);
  if (ofTopics.size > 0) return ofTopics;
  if (topicOfNotation(passage)) return new Set(['maths']);
  const agreed = subjectAgreedByContextWords(tokens);
  const words = topicMatches(tokens, new Set(agreed ? [agreed] : [])).length;
  return new Set(agreed && words >= 2 ? [agreed] : []);
}

/** A class's hand-ins share a title: what a title and subject say is read once. */
const declaredCache = new Map<string, { subjects: string[]; topics: string[] }>();
const MAX_CACHED = 500;

/** The subjects the class's subject and the document's title name, and the title's topics. */
function declaredContext(title: string, subject: string) {
  const key = `${subject}\u0000${title}`;
  const cached = declaredCache.get(key);
  if (cached) return cached;
  const titleTokens = tokenise(title);
  const subjects = new Set([
    ...subjectsOfTitle(tokenise(subject)),
    ...subjectsOfTitle(titleTokens),
  ]);
  const topics = topicMatches(titleTokens, subjects).flatMap((match) =>
    contextIdsOf(match.value.topic),
  );
  const declared = { subjects: [...subjects], topics };
  if (declaredCache.size >= MAX_CACHED) declaredCache.clear();
  declaredCache.set(key, declared);
  return declared;
}

/** The subjects, topics and groups the item is about (ids of the vocabulary). */
export function readingContext(
  sources: ContextSources,
  commentTokens: Token[],
  passageTokens: Token[],
  passage: string,
): Set<string> {
  const declared = declaredContext(sources.documentTitle ?? '', sources.subject ?? '');
  const subjects = new Set(declared.subjects);
  if (subjects.size === 0)
    for (const subject of subjectsOfComment([...commentTokens, ...passageTokens], passage))
      subjects.add(subject);
  if (subjects.size === 0 && sources.weekSubject) subjects.add(sources.weekSubject);
  return new Set([...subjects, ...declared.topics]);
}
