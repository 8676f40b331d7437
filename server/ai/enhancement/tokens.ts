/*
 * The transcript as a list of tokens (words and punctuation) that the rules mark as
 * deleted. Rules never rewrite a word, so the output can only hold words that were said.
 * Navigation skips deleted tokens through path-compressed links, so a long run of
 * removed fillers does not make every look-around walk the whole run again.
 */

export type Token = {
  text: string;
  /** Lower case, curly apostrophe straightened: what the rules compare. */
  lower: string;
  word: boolean;
  spaceBefore: boolean;
  deleted: boolean;
};

/** A word: letters/digits joined by apostrophes, inner hyphens ("right-hand") or a decimal point between digits. */
const TOKEN =
  /(\s+)|([\p{L}\p{M}\p{N}]+(?:(?:['’-]|(?<=\p{N})[.,:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*)|(\.{2,}|-{2,}|\S)/gu;
// Control characters (NUL included) are never part of a sentence; they read as a space.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function tokenize(raw: string): Token[] {
  const tokens: Token[] = [];
  let space = false;
  for (const match of raw.replace(CONTROL, ' ').matchAll(TOKEN)) {
    if (match[1]) {
      space = true;
      continue;
    }
    const text = match[0];
    tokens.push({
      text,
      lower: text.toLowerCase().replace(/’/g, "'"),
      word: Boolean(match[2]),
      spaceBefore: space,
      deleted: false,
    });
    space = false;
  }
  return tokens;
}

export const SENTENCE_END = new Set(['.', '!', '?']);
/** Marks that only pause a sentence: a filler takes them with it. */
export const PAUSE = new Set([',', '…', '...', ';']);
export const DASH = new Set(['-', '—', '–']);
export const isDash = (t: Token) => !t.word && (DASH.has(t.text) || /^-{2,}$/.test(t.text));

const MAX_PAUSES_SKIPPED = 8;

export class Doc {
  readonly tokens: Token[];
  private readonly back: number[];
  private readonly fwd: number[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
    this.back = tokens.map((_, i) => i - 1);
    this.fwd = tokens.map((_, i) => i + 1);
  }

  /** The previous token not deleted, or -1. */
  prev(i: number): number {
    const path: number[] = [];
    let j = i - 1;
    while (j >= 0 && this.tokens[j]!.deleted) {
      path.push(j);
      j = this.back[j]!;
    }
    for (const k of path) this.back[k] = j;
    return j;
  }

  /** The next token not deleted, or tokens.length. */
  next(i: number): number {
    const path: number[] = [];
    let j = i + 1;
    while (j < this.tokens.length && this.tokens[j]!.deleted) {
      path.push(j);
      j = this.fwd[j]!;
    }
    for (const k of path) this.fwd[k] = j;
    return j;
  }

  at(i: number): Token | undefined {
    return this.tokens[i];
  }

  /** The lower-case word at i, or undefined for punctuation and the ends. */
  word(i: number): string | undefined {
    const t = this.tokens[i];
    return t?.word ? t.lower : undefined;
  }

  is(i: number, texts: Set<string>): boolean {
    const t = this.tokens[i];
    return Boolean(t && !t.word && texts.has(t.text));
  }

  /** True at the start of a sentence, looking past removed words and pauses. */
  atSentenceStart(i: number): boolean {
    let j = this.prev(i);
    // A bounded look past pauses keeps a wall of commas from making this quadratic;
    // past the bound it answers "not a start", which keeps words rather than dropping them.
    for (let pauses = 0; j >= 0 && this.is(j, PAUSE); pauses++) {
      if (pauses === MAX_PAUSES_SKIPPED) return false;
      j = this.prev(j);
    }
    return j < 0 || this.is(j, SENTENCE_END);
  }

  /** True when nothing but the end of the sentence follows. */
  atSentenceEnd(i: number): boolean {
    const j = this.next(i);
    return j >= this.tokens.length || this.is(j, SENTENCE_END);
  }

  /** Whether a word between tokens a and b (exclusive) has been removed: a filler was there. */
  removedWordBetween(a: number, b: number): boolean {
    for (let k = a + 1; k < b; k++)
      if (this.tokens[k]!.deleted && this.tokens[k]!.word) return true;
    return false;
  }

  delete(from: number, to = from): void {
    for (let k = from; k <= to; k++) this.tokens[k]!.deleted = true;
  }
}
