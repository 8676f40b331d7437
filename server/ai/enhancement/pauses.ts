/*
 * The pauses a removed filler leaves behind. A speech-to-text provider writes a filler set
 * off by commas ("is, um, much"); once the filler goes, the two commas become one comma
 * where the sentence needs one, and none where it does not.
 */
import { type Doc, PAUSE } from './tokens';
import {
  CLAUSE_CONJUNCTIONS,
  isCapitalised,
  isNumber,
  isPronounSubject,
  JOINING_WORDS,
  NEEDS_A_FOLLOWER,
} from './word-classes';

/**
 * A filler takes its pauses with it: "is, you know, much" → "is much", "Well, Noah" →
 * "Noah", "now, um, and he" → "now, and he", "phonics, you know." → "phonics.",
 * "and, um, she" → "and she".
 */
export function removeOrphanedPauses(doc: Doc): void {
  const tokens = doc.tokens;
  for (let a = 0; a < tokens.length; a++) {
    if (!tokens[a]!.deleted || !tokens[a]!.word) continue;
    let b = a;
    while (b + 1 < tokens.length && tokens[b + 1]!.deleted) b++;
    const left = doc.prev(a);
    const right = doc.next(b);
    const hadRight = doc.is(right, PAUSE);
    if (hadRight) doc.delete(right);
    if (doc.is(left, PAUSE)) {
      const afterJoiningWord = JOINING_WORDS.has(doc.word(doc.prev(left)) ?? '');
      if (
        doc.atSentenceEnd(left) ||
        afterJoiningWord ||
        (hadRight && !commaBelongs(doc, left, doc.next(left)))
      )
        doc.delete(left);
    }
    a = b;
  }
}

/**
 * Whether the comma at `comma` still belongs once the filler after it is gone, with
 * `next` the word that now follows it: before a new clause ("the test, and he checked"),
 * between list items ("fractions, decimals and percentages") and after an opening phrase
 * ("This term, Saanvi has"); never after a word that needs the next one ("about, his").
 */
function commaBelongs(doc: Doc, comma: number, next: number): boolean {
  const before = doc.prev(comma);
  if (opensClause(doc, next)) return true;
  // Two numbers side by side would read as one: "7, 8, 9 and 10", not "7 8, 9 and 10".
  if (isNumber(doc.word(before)) && isNumber(doc.word(next))) return true;
  if (NEEDS_A_FOLLOWER.has(doc.word(before) ?? '')) return false;
  if (isVerbAfterSubject(doc, before)) return false;
  return namedSubject(doc, next) || listItem(doc, next);
}

/** A pronoun subject, a conjunction that starts a clause, or "and"/"so" + a subject. */
function opensClause(doc: Doc, i: number): boolean {
  const word = doc.word(i);
  if (!word) return false;
  if (CLAUSE_CONJUNCTIONS.has(word) || isPronounSubject(word)) return true;
  // "and he checked" opens a clause; "and her writing" joins a second subject to the first.
  if (word === 'and' || word === 'or' || word === 'so') {
    const then = doc.next(i);
    return isPronounSubject(doc.word(then)) || doc.word(then) === 'then';
  }
  return false;
}

/** A name and then a lower-case word other than "and"/"or": "Saanvi has taken". */
function namedSubject(doc: Doc, i: number): boolean {
  if (!isCapitalised(doc, i)) return false;
  let j = doc.next(i);
  while (isCapitalised(doc, j)) j = doc.next(j);
  const word = doc.word(j);
  return Boolean(word && word !== 'and' && word !== 'or');
}

/** The middle item of a list: "fractions, decimals and percentages". */
function listItem(doc: Doc, i: number): boolean {
  const then = doc.next(i);
  return Boolean(doc.word(i)) && (doc.word(then) === 'and' || doc.word(then) === 'or');
}

/**
 * "She enjoys, um, reading and drawing", "She visited, um, France": the word before the
 * comma is a verb that follows its subject, and what comes after is its object.
 */
function isVerbAfterSubject(doc: Doc, i: number): boolean {
  const subject = doc.prev(i);
  if (isPronounSubject(doc.word(subject))) return true;
  // "Maya enjoys" is a subject and its verb; "This term" is a phrase.
  return isCapitalised(doc, subject) && !NEEDS_A_FOLLOWER.has(doc.word(subject)!);
}
