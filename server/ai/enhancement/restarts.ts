/*
 * A clause restarted from its subject without a repeated word to show it: "Jayden is, I
 * mean, Jayden has been", "she's- Nadia's been", "we were we're going". The abandoned
 * subject and its verb go; the restart stays.
 */
import { type Doc, isDash, PAUSE } from './tokens';
import {
  AUXILIARIES,
  baseOf,
  isCapitalised,
  isContracted,
  isPronounSubject,
  SUBORDINATORS,
} from './word-classes';

/** Pauses and dashes a restart may look past, so a wall of commas stays linear. */
const MAX_MARKS_SKIPPED = 4;
/** The verbs an abandoned start may hold after its subject: "Jayden has been". */
const VERB_CHAIN = new Set([...AUXILIARIES, 'be', 'been', 'being']);
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
    if (!isContracted(again) && !AUXILIARIES.has(doc.word(doc.next(restart)) ?? '')) continue;
    const sameSubject = baseOf(subject) === baseOf(again);
    if (!isPronounSubject(subject) && !sameSubject) continue;
    const marked = dashed || doc.removedWordBetween(end, restart);
    if (marked || (sameSubject && !paused)) doc.delete(s, restart - 1);
  }
}

/** A pronoun subject ("she", "we're") or a name ("Jayden", "Nadia's"). */
function isSubject(doc: Doc, i: number): boolean {
  return isPronounSubject(doc.word(i)) || isCapitalised(doc, i);
}
