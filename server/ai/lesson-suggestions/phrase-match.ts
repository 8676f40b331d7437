/*
 * The small phrase language the vocabulary and the feedback cues are written in, and
 * the matcher that finds those phrases in a comment.
 *
 *   words separated by spaces   "common denominator"
 *   a trailing *                any word that starts so: "fraction*" (fraction, fractions)
 *   a|b                         either word: "quarter past|to"
 *   ...                         up to GAP_WORDS other words: "expand* ... bracket*"
 *
 * Text is compared lower-case, with curly quotes straightened, hyphens and slashes read
 * as spaces ("north-east" is "north east", but "re-read" is "reread") and "%" read as
 * "percent".
 */

const GAP_WORDS = 4;

export type Token = {
  word: string;
  /** First word of its clause or after a comma or colon: where an instruction starts. */
  leading: boolean;
};

type WordTest = { text: string; stem: boolean };
type Part = { gap: true } | { gap: false; options: WordTest[] };

export type Phrase = {
  source: string;
  parts: Part[];
  /** Words it names (gaps excluded): the longer, the more specific. */
  length: number;
};

export type Match<T> = {
  value: T;
  phrase: Phrase;
  /** Token positions, end exclusive. */
  start: number;
  end: number;
};

const WORD = /[\p{L}\p{N}²³]+(?:'[\p{L}]+)*/gu;

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’ʼ`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/%/g, ' percent ')
    .replace(/\bre-(?=\p{L})/gu, 're')
    .replace(/[-–—/]/g, ' ');
}

/** The words of one clause, each marked when an instruction could start there. */
export function tokenise(clause: string): Token[] {
  const text = normalise(clause);
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const found of text.matchAll(WORD)) {
    const between = text.slice(previousEnd, found.index);
    tokens.push({
      word: found[0].replace(/^'+|'+$/g, ''),
      leading: tokens.length === 0 || /[,:;(]/.test(between),
    });
    previousEnd = found.index + found[0].length;
  }
  return tokens;
}

export function compilePhrase(source: string): Phrase {
  const words = normalise(source).trim().split(/\s+/);
  const parts: Part[] = words.map((word) =>
    word === '...'
      ? { gap: true }
      : {
          gap: false,
          options: word.split('|').map((option) => ({
            text: option.replace(/\*$/, ''),
            stem: option.endsWith('*'),
          })),
        },
  );
  if (parts.length === 0 || parts[0]!.gap || parts.at(-1)!.gap)
    throw new Error(`A phrase cannot start or end with a gap: "${source}"`);
  return { source, parts, length: parts.filter((part) => !part.gap).length };
}

const fits = (test: WordTest, word: string) =>
  test.stem ? word.startsWith(test.text) : word === test.text;

/** The end of the phrase when it matches from `start`, else -1 (gaps take the fewest words). */
function matchFrom(parts: Part[], tokens: Token[], start: number): number {
  const [part, ...rest] = parts;
  if (!part) return start;
  if (part.gap) {
    for (let skip = 0; skip <= GAP_WORDS && start + skip <= tokens.length; skip++) {
      const end = matchFrom(rest, tokens, start + skip);
      if (end >= 0) return end;
    }
    return -1;
  }
  const token = tokens[start];
  if (!token || !part.options.some((option) => fits(option, token.word))) return -1;
  return matchFrom(rest, tokens, start + 1);
}

/** Stems are looked up by this many first letters; shorter stems are tried at every word. */
const STEM_KEY = 3;

type Entry<T> = { phrase: Phrase; value: T };

/**
 * Phrases indexed by their first word (exactly, or by the first letters of a stem), so a
 * comment's word is compared only with the phrases that could start there.
 */
export class PhraseSet<T> {
  private readonly byWord = new Map<string, Entry<T>[]>();
  private readonly byStem = new Map<string, Entry<T>[]>();
  private readonly shortStems: Entry<T>[] = [];

  constructor(entries: Iterable<[source: string, value: T]>) {
    const add = (index: Map<string, Entry<T>[]>, key: string, entry: Entry<T>) => {
      const list = index.get(key) ?? [];
      if (!list.includes(entry)) list.push(entry);
      index.set(key, list);
    };
    for (const [source, value] of entries) {
      const entry = { phrase: compilePhrase(source), value };
      const first = entry.phrase.parts[0] as { options: WordTest[] };
      for (const option of first.options) {
        if (!option.stem) add(this.byWord, option.text, entry);
        else if (option.text.length >= STEM_KEY)
          add(this.byStem, option.text.slice(0, STEM_KEY), entry);
        else if (!this.shortStems.includes(entry)) this.shortStems.push(entry);
      }
    }
  }

  /** The phrases that could start at this word (one listed twice matches twice: harmless). */
  private *startingWith(word: string): Iterable<Entry<T>> {
    yield* this.byWord.get(word) ?? [];
    yield* this.byStem.get(word.slice(0, STEM_KEY)) ?? [];
    yield* this.shortStems;
  }

  /** Every match, wherever it starts (overlapping ones included). */
  all(tokens: Token[]): Match<T>[] {
    const found: Match<T>[] = [];
    for (const [start, token] of tokens.entries()) {
      for (const { phrase, value } of this.startingWith(token.word)) {
        const end = matchFrom(phrase.parts, tokens, start);
        if (end >= 0) found.push({ value, phrase, start, end });
      }
    }
    return found;
  }

  /** Matches that do not overlap, the longest phrase first, then the earliest. */
  longest(tokens: Token[]): Match<T>[] {
    const chosen: Match<T>[] = [];
    const ranked = this.all(tokens).sort(
      (a, b) => b.phrase.length - a.phrase.length || a.start - b.start,
    );
    for (const match of ranked) {
      if (chosen.some((other) => match.start < other.end && other.start < match.end)) continue;
      chosen.push(match);
    }
    return chosen.sort((a, b) => a.start - b.start);
  }
}
