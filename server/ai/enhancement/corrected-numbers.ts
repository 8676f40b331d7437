/*
 * A number said, a hesitation or a "no", and another number in its place: "ninety nine,
 * um, ninety eight percent", "3, er, 4 books", "twelve, no, fifteen". The first was a slip
 * the teacher corrected; left in, the two would run together into a number nobody said
 * ("ninety nine ninety eight").
 */
import { type Doc, PAUSE } from './tokens';
import { isNumber, wordSet } from './word-classes';

/** Words that make two numbers a range or a list, not a correction: "7, um, to 8". */
const JOINS_NUMBERS = wordSet('and or to from between');
/** A word a teacher corrects herself with, set off by commas: "twelve, no, fifteen". */
const CORRECTING = wordSet('no sorry');
/** Pauses a correction may look past. */
const MAX_PAUSES = 3;

/**
 * Drops the first of two numbers (each of one or more number words or digits, the first
 * optionally with its unit when the second repeats it: "99 percent, um, 98 percent") when
 * a removed hesitation, or a "no" or "sorry" set off by commas, stands between them. A list
 * or a range stays whole: nothing is dropped when a joining word comes before the first or
 * after the second, or a comma and another number follow the second ("7, um, 8, 9").
 */
export function removeCorrectedNumbers(doc: Doc): void {
  for (let first = 0; first < doc.tokens.length; first++) {
    if (doc.tokens[first]!.deleted || !isNumber(doc.word(first))) continue;
    if (isNumber(doc.word(doc.prev(first)))) continue;
    if (JOINS_NUMBERS.has(doc.word(doc.prev(first)) ?? '')) continue;
    const firstEnd = numberEnd(doc, first);
    const unit = doc.word(doc.next(firstEnd));
    const withUnit = unit && !JOINS_NUMBERS.has(unit) ? doc.next(firstEnd) : firstEnd;
    for (const end of new Set([firstEnd, withUnit])) {
      let second = pastPauses(doc, end);
      if (second < 0) continue;
      // "twelve, no, fifteen": the correction said in words.
      const saidNo = CORRECTING.has(doc.word(second)!) && doc.is(doc.next(second), PAUSE);
      if (saidNo) second = pastPauses(doc, second);
      if (!isNumber(doc.word(second))) continue;
      if (!saidNo && !doc.removedWordBetween(end, second)) continue;
      const secondEnd = numberEnd(doc, second);
      const after = doc.next(secondEnd);
      if (end !== firstEnd && doc.word(after) !== unit) continue;
      if (JOINS_NUMBERS.has(doc.word(after) ?? '')) continue;
      if (doc.is(after, PAUSE) && isNumber(doc.word(doc.next(after)))) continue;
      doc.delete(first, second - 1);
      first = secondEnd;
      break;
    }
  }
}

/** The last token of the number that starts at i: it ends where a hesitation was. */
function numberEnd(doc: Doc, i: number): number {
  let end = i;
  for (let n = doc.next(end); isNumber(doc.word(n)) && !doc.removedWordBetween(end, n); ) {
    end = n;
    n = doc.next(end);
  }
  return end;
}

/** The first word after i past at most a few pauses, or -1 if something else comes first. */
function pastPauses(doc: Doc, i: number): number {
  let j = doc.next(i);
  for (let k = 0; k < MAX_PAUSES && doc.is(j, PAUSE); k++) j = doc.next(j);
  return doc.word(j) === undefined ? -1 : j;
}
