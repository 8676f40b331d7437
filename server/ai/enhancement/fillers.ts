import { type Doc, SENTENCE_END } from './tokens';
import { isCapitalised, isNumber, isPronounSubject, wordSet as words } from './word-classes';

/*
 * Fillers. A hesitation sound is always a filler. A discourse word ("like", "so",
 * "well", "you know"…) is a filler only where its position says so: at the start of a
 * sentence, set off by commas, or in a slot where it cannot be doing its real job
 * ("was like really"). Everywhere else it is kept: a filler left in costs less than a
 * meaning taken out. A hedge ("kind of tired", "sort of close", "kinda rushes") is never
 * a filler: it changes the claim.
 */

/** um, umm, uh, uhh, uhm, er, err, erm, ermm, eh, ehm, ah, ahh, ahm, hm, hmm, mm, mmm, mhm, huh. */
const HESITATION = /^(?:u+m+|u+h+m*|e+r+m*|e+h+m*|a+h+m*|h+m+|m+h+m+|m{2,}|h+u+h)$/;
/** Unit symbols spelt like a hesitation: "45 mm", "measured in mm", "to the nearest mm". */
const UNITS_LIKE_HESITATIONS = words('mm');
/** Words a unit follows when no number does: "in mm", "per mm", "to the nearest mm". */
const BEFORE_A_UNIT = words('in into per nearest');

const INTENSIFIERS = words(
  'really so very totally just always never literally actually basically super quite completely properly absolutely constantly such',
);
const CONJUNCTIONS = words('and but so because cos then or');
/** Words after which "like" is the verb: "would like", "to like", "I like", "don't like". */
const LIKE_AS_VERB = words(
  "would to i you we they do does did don't doesn't didn't really also all not never always still might may will should",
);
const BE = words("is was are were be been he's she's it's that's");
/**
 * Verbs of saying: "like she said" is "as she said", and "When I say careful, I mean…"
 * is "I mean" answering them.
 */
const SAYING = words(
  'say says said saying tell tells told mentioned explained suggested discussed agreed',
);
/** "you know best", "as you know", "do you know if", "you know how". */
const YOU_KNOW_KEEP_BEFORE = words(
  "as if do did does don't didn't doesn't will would may might know what because unless whether that when sure",
);
const YOU_KNOW_KEEP_AFTER = words(
  'best that how what where when who why whether her him them it this about yourself your me us more if exactly',
);
const I_MEAN_KEEP_BEFORE = words("what which if do did don't didn't whatever");
const I_MEAN_KEEP_AFTER = words('it that to what this by every exactly when no');
/** How far back "I mean" looks for the verb of saying it answers. */
const SAY_REACH = 12;
/** What follows a sentence-opening "so"/"well"/"okay" when it is only a run-up. */
const RUN_UP_FOLLOWERS = words(
  'i you he she we they it this the her his their our my there in for at on overall basically anyway then now today actually like yeah okay ok well right as generally obviously',
);
const LITERAL_VERBS = words(
  'take takes took taken taking interpret interprets interpreted translate translated',
);

/** Deletes the hesitation sounds: they never carry meaning, unless a number makes one a unit. */
export function removeHesitations(doc: Doc): void {
  for (const [i, t] of doc.tokens.entries()) {
    if (!t.word || !HESITATION.test(t.lower)) continue;
    if (isUnit(doc, i)) continue;
    doc.delete(i);
  }
}

/**
 * A unit symbol spelt like a hum ("mm") is the unit after a number or a word that asks for
 * a unit, said in lower case; the hum opens a sentence or is set off ("Mm, Zofia…").
 */
function isUnit(doc: Doc, i: number): boolean {
  const t = doc.tokens[i]!;
  if (!UNITS_LIKE_HESITATIONS.has(t.lower) || t.text !== t.lower) return false;
  const before = doc.word(i - 1);
  return isNumber(before) || BEFORE_A_UNIT.has(before ?? '');
}

/** Deletes discourse fillers where the context marks them as fillers. */
export function removeDiscourseFillers(doc: Doc): void {
  for (let i = 0; i < doc.tokens.length; i++) {
    const t = doc.tokens[i]!;
    if (!t.word || t.deleted) continue;
    const count = fillerLength(doc, i);
    if (count === 0) continue;
    let last = i;
    for (let k = 1; k < count; k++) last = doc.next(last);
    doc.delete(i, last);
  }
}

/** How many words from i form a filler: 0, 1, 2 or 3 ("you know", "let me think"). */
function fillerLength(doc: Doc, i: number): number {
  const word = doc.word(i)!;
  const p = doc.prev(i);
  const before = doc.word(p);
  const n = doc.next(i);
  const after = doc.word(n);
  const start = doc.atSentenceStart(i);
  const commaBefore = doc.is(p, COMMA);
  switch (word) {
    case 'basically':
      return 1;
    case 'literally':
      return doc.word(n) && !CONJUNCTIONS.has(after!) && !LITERAL_VERBS.has(before ?? '') ? 1 : 0;
    case 'actually': {
      const twoBack = doc.word(doc.prev(p));
      const asked = (w?: string) =>
        w === 'what' ||
        w === 'how' ||
        w === 'whether' ||
        w === 'not' ||
        w === 'never' ||
        Boolean(w?.endsWith("n't"));
      return asked(before) || asked(twoBack) ? 0 : 1;
    }
    case 'like': {
      if (before && (LIKE_AS_VERB.has(before) || before.endsWith("'d"))) return 0;
      if (doc.is(n, COMMA)) return 1;
      // "Like she said, …" is "as she said".
      const clause = isPronounSubject(after) && !SAYING.has(doc.word(doc.next(n)) ?? '');
      if (start && (after === undefined || clause)) return 1;
      if (after && INTENSIFIERS.has(after)) return 1;
      // "is like coming along": a verb in -ing cannot be what something is like, except "being".
      if (before && BE.has(before) && after?.endsWith('ing') && after !== 'being') return 1;
      return before && CONJUNCTIONS.has(before) && clause ? 1 : 0;
    }
    case 'so':
      if (after === 'yeah') return 2;
      if (start) return runUp(doc, n) ? 1 : 0;
      return commaBefore && doc.atSentenceEnd(i) ? 1 : 0;
    case 'yeah':
      return start || (commaBefore && (doc.is(n, COMMA) || doc.atSentenceEnd(i))) ? 1 : 0;
    case 'well':
      if (start && after !== 'done' && runUp(doc, n)) return 1;
      return commaBefore && doc.is(n, COMMA) ? 1 : 0;
    case 'okay':
    case 'ok':
      if (doc.at(p)?.text === '"' || doc.at(p)?.text === '“') return 0;
      return start && (after === 'so' || runUp(doc, n)) ? 1 : 0;
    case 'right':
      // "Right, so", "right she's…"; "right now", "right from the start" are meaning.
      if (start && (doc.is(n, COMMA) || after === 'so' || after === 'okay')) return 1;
      if (start && isPronounSubject(after)) return 1;
      return commaBefore && (doc.is(n, COMMA) || doc.atSentenceEnd(i)) ? 1 : 0;
    case 'you':
      if (after === 'know') return youKnow(doc, before, doc.next(n)) ? 2 : 0;
      if (after === 'see') {
        const m = doc.next(n);
        return (start || commaBefore) && (doc.is(m, COMMA) || doc.atSentenceEnd(n)) ? 2 : 0;
      }
      return 0;
    case 'let': {
      // "Hmm, let me think, Noah needs…": thinking aloud, set off from the sentence.
      const m = doc.next(n);
      if (after !== 'me' || !THINKING.has(doc.word(m) ?? '')) return 0;
      return (start || commaBefore) && doc.is(doc.next(m), COMMA) ? 3 : 0;
    }
    case 'i': {
      if (after !== 'mean') return 0;
      const m = doc.next(n);
      if (before && I_MEAN_KEEP_BEFORE.has(before)) return 0;
      if (saidEarlier(doc, p)) return 0;
      return doc.word(m) && I_MEAN_KEEP_AFTER.has(doc.word(m)!) ? 0 : 2;
    }
    default:
      return 0;
  }
}

const COMMA = words(',');
const THINKING = words('think see');

/** After a sentence-opening "so"/"well"/"okay": a pause, a run-up word or a name. */
function runUp(doc: Doc, n: number): boolean {
  const next = doc.at(n);
  if (!next) return true;
  if (!next.word) return next.text === ',' || next.text === '.' || next.text === '…';
  return (
    RUN_UP_FOLLOWERS.has(next.lower) || isPronounSubject(next.lower) || /^\p{Lu}/u.test(next.text)
  );
}

/** "you know" is the verb when a name or a pronoun is what is known: "you know Fatima best". */
function youKnow(doc: Doc, before: string | undefined, m: number): boolean {
  if (before && YOU_KNOW_KEEP_BEFORE.has(before)) return false;
  if (isCapitalised(doc, m)) return false;
  const after = doc.word(m);
  return !(after && YOU_KNOW_KEEP_AFTER.has(after));
}

/** Whether "say" comes earlier in the sentence, looking back from i a bounded way. */
function saidEarlier(doc: Doc, i: number): boolean {
  for (let j = i, seen = 0; j >= 0 && seen < SAY_REACH; j = doc.prev(j), seen++) {
    if (doc.is(j, SENTENCE_END)) return false;
    if (SAYING.has(doc.word(j) ?? '')) return true;
  }
  return false;
}
