import { type Doc, isDash } from './tokens';

/*
 * Stutters ("the the", "sh- she", "I, I think") and false starts ("she was- she has
 * been", "we went — we worked"): the abandoned words go, the restart stays.
 */

/** Repeats that are said on purpose: "had had", "very, very", "really really". */
const DELIBERATE_REPEATS = new Set([
  'that',
  'had',
  'very',
  'really',
  'so',
  'much',
  'many',
  'far',
  'long',
  'more',
  'never',
  'ever',
]);
const PRONOUNS = new Set([
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
  'it',
  'his',
  'her',
  'their',
  'our',
  'my',
]);
/** How far back a restart may reach for the word it restarts from. */
const CUT_OFF_REACH = 6;
const DASH_REACH = 4;

/**
 * A word cut off with a hyphen ("was-", "sh-") or a dash between spaces, followed by a
 * restart. A hyphen stuck to a word is always a cut-off; a spaced dash may be real
 * punctuation ("the results — the best she has had — were"), so it counts as a restart
 * only when the restart begins with a pronoun or repeats the first two words.
 */
export function removeFalseStarts(doc: Doc): void {
  for (let d = 0; d < doc.tokens.length; d++) {
    const dash = doc.tokens[d]!;
    if (dash.deleted || !isDash(dash)) continue;
    const p = doc.prev(d);
    const n = doc.next(d);
    const before = doc.word(p);
    const after = doc.word(n);
    if (!before || !after) continue;
    const cutOff = dash.text === '-' && !dash.spaceBefore;
    if (before === after || (cutOff && after.startsWith(before))) {
      doc.delete(p, d);
      continue;
    }
    let j = p;
    for (let reach = cutOff ? CUT_OFF_REACH : DASH_REACH; reach > 0 && doc.word(j); reach--) {
      if (doc.word(j) === after) break;
      j = doc.prev(j);
    }
    if (doc.word(j) !== after) continue;
    const restartsSame = doc.word(doc.next(j)) === doc.word(doc.next(n));
    if (cutOff || PRONOUNS.has(after) || restartsSame) doc.delete(j, d);
  }
}

/**
 * "the the", "We we we", "a, a lovely", "she has she has": the first copy goes. A word
 * repeated on purpose ("very, very proud") stays, unless a filler came between the two
 * copies ("more, um, more practice"): a hesitation there marks a restart, not emphasis.
 */
export function removeRepeats(doc: Doc): void {
  for (let i = 0; i < doc.tokens.length; i++) {
    const t = doc.tokens[i]!;
    if (!t.word || t.deleted || /^\p{N}/u.test(t.lower)) continue;
    const n = doc.next(i);
    const after = doc.word(n);
    if (after === t.lower) {
      if (!DELIBERATE_REPEATS.has(after) || doc.removedWordBetween(i, n)) doc.delete(i);
      continue;
    }
    if (doc.at(n)?.text === ',') {
      const m = doc.next(n);
      const stutter = !DELIBERATE_REPEATS.has(t.lower) || doc.removedWordBetween(i, m);
      if (doc.word(m) === t.lower && stutter) doc.delete(i, n);
      else if (repairedWithEmphasis(doc, i, m)) doc.delete(i, n);
      continue;
    }
    if (repairedWithEmphasis(doc, i, n)) {
      doc.delete(i);
      continue;
    }
    // Two words said twice, with at most a comma between: "she has she has been", "I'd
    // like, I'd like to".
    let m = doc.next(n);
    if (doc.at(m)?.text === ',') m = doc.next(m);
    const o = doc.next(m);
    if (after && doc.word(m) === t.lower && doc.word(o) === after) doc.delete(i, m - 1);
  }
}

/** Words a teacher adds to a word said again after a hesitation: "likes, um, really likes". */
const EMPHASIS = new Set(['really', 'just', 'definitely', 'absolutely', 'truly', 'totally']);

/**
 * "She likes, like, really likes maths": the word at i, a removed filler, then the same
 * word again with emphasis (from m). The first copy was a start the teacher repaired.
 */
function repairedWithEmphasis(doc: Doc, i: number, m: number): boolean {
  const word = doc.word(i);
  if (!word || !EMPHASIS.has(doc.word(m) ?? '') || EMPHASIS.has(word)) return false;
  return doc.word(doc.next(m)) === word && doc.removedWordBetween(i, m);
}
