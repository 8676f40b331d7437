/*
 * A clause restarted from its subject without a repeated word to show it: "Jayden is, I
 * mean, Jayden has been", "she's- Nadia's been", "we were we're going", "he can't, he
 * cannot". The abandoned subject and its verb go; the restart stays. A name restarted as a
 * pronoun with the same verbs ("Amira has been, she has been") keeps the name instead.
 */
import { type Doc, isDash, PAUSE } from './tokens';
import {
  AUXILIARIES,
  baseOf,
  isCapitalised,
  isContracted,
  isPronounSubject,
  SUBORDINATORS,
  wordSet,
} from './word-classes';

/** Pauses and dashes a restart may look past, so a wall of commas stays linear. */
const MAX_MARKS_SKIPPED = 4;
/** Auxiliaries with their negation joined on, which carry the tense as well: "he can't". */
const NEGATED = wordSet(
  "can't cannot won't isn't wasn't aren't weren't hasn't haven't hadn't doesn't don't didn't wouldn't couldn't shouldn't mustn't",
);
const TENSE_VERBS = new Set([...AUXILIARIES, ...NEGATED]);
/** The verbs an abandoned start may hold after its subject: "Jayden has been". */
const VERB_CHAIN = new Set([...TENSE_VERBS, 'be', 'been', 'being']);
const MAX_VERBS = 2;

/**
 * A subject and its auxiliaries ("Jayden is", "he has been") or a subject with its verb
 * joined on ("she's"), then a second subject with its own verb, is a restart when something marks
 * it: a removed filler or a dash between the two, or nothing at all between them in bare
 * dictation with the same subject twice ("he was he has been"). Commas alone do not mark
 * one: "Declan was, he told me, up late" is a whole sentence. After "if", "when" and the
 * like, two clauses meet ("if she can she will"), so nothing there is a restart. A named
 * subject is given up only for the same name, so a restart never loses who it is about.
 */
export function removeRestarts(doc: Doc): void {
  for (let s = 0; s < doc.tokens.length; s++) {
    if (doc.tokens[s]!.deleted || !isSubject(doc, s)) continue;
    if (SUBORDINATORS.has(doc.word(doc.prev(s)) ?? '')) continue;
    const subject = doc.word(s)!;
    let end = s;
    for (let verbs = 0; verbs < MAX_VERBS && VERB_CHAIN.has(doc.word(doc.next(end)) ?? ''); verbs++)
      end = doc.next(end);
    if (end === s && !isContracted(subject)) continue;
    let restart = doc.next(end);
    let dashed = false;
    let paused = false;
    for (let skipped = 0; skipped < MAX_MARKS_SKIPPED; skipped++) {
      const t = doc.at(restart);
      if (!t || t.word) break;
      if (isDash(t)) dashed = true;
      else if (doc.is(restart, PAUSE)) paused = true;
      else break;
      restart = doc.next(restart);
    }
    if (!isSubject(doc, restart)) continue;
    const again = doc.word(restart)!;
    if (!isContracted(again) && !TENSE_VERBS.has(doc.word(doc.next(restart)) ?? '')) continue;
    const sameSubject = baseOf(subject) === baseOf(again);
    if (!isPronounSubject(subject) && isPronounSubject(again) && !isContracted(again)) {
      const repeated = repeatedVerbs(doc, s, end, restart);
      if (repeated >= 0) doc.delete(doc.next(end), repeated);
      continue;
    }
    if (!isPronounSubject(subject) && !sameSubject) continue;
    const marked = dashed || doc.removedWordBetween(end, restart);
    // "he can't, he cannot": the same subject and verb again is a restart, comma or not.
    const firstTense = end !== s ? tenseOf(doc, doc.next(s)) : joinedTense(subject);
    const sameVerb = firstTense !== undefined && firstTense === tenseOf(doc, doc.next(restart));
    if (marked || (sameSubject && (!paused || sameVerb))) doc.delete(s, restart - 1);
  }
}

/** Verbs joined on to a subject that stand for one verb only ("'s" is "is" or "has"). */
const JOINED_TENSES = new Map([
  ['re', 'are'],
  ['m', 'am'],
  ['ll', 'will'],
  ['ve', 'have'],
]);

/** The verb joined on to a subject, where it is one verb only: "they're" → "are". */
function joinedTense(subject: string): string | undefined {
  return JOINED_TENSES.get(subject.split("'")[1] ?? '');
}

/** A tense verb without its negation, so "can't", "cannot" and "can" compare equal. */
function tenseOf(doc: Doc, i: number): string | undefined {
  const word = doc.word(i);
  if (word === 'cannot' || word === "can't") return 'can';
  if (word === "won't") return 'will';
  return word?.replace(/n't$/, '');
}

/**
 * Where the pronoun's copy of the named subject's verbs ends, when the words after the
 * pronoun at `restart` are those after the name at `s` (up to `end`), else -1.
 */
function repeatedVerbs(doc: Doc, s: number, end: number, restart: number): number {
  if (end === s) return -1;
  let a = s;
  let b = restart;
  while (a !== end) {
    a = doc.next(a);
    b = doc.next(b);
    if (doc.word(a) !== doc.word(b)) return -1;
  }
  return b;
}

/** A pronoun subject ("she", "we're") or a name ("Jayden", "Nadia's"). */
function isSubject(doc: Doc, i: number): boolean {
  return isPronounSubject(doc.word(i)) || isCapitalised(doc, i);
}
