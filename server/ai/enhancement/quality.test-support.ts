/**
 * One dictated sentence and the exact text the enhancer should give back. `fillers` lists
 * the words of the input that are fillers (hesitations, discourse fillers, stutters,
 * abandoned false starts); every other word carries meaning and must survive. `keep` names
 * the words among them that look like fillers ("would like", "you know her best", "45 mm",
 * "sort of close"). Words are lower-cased and split as `words()` splits them.
 */
export type EnhancementCase = {
  input: string;
  expected: string;
  fillers: string[];
  keep: string[];
};

export const spokenCase = (
  input: string,
  expected: string,
  fillers: string[] = [],
  keep: string[] = [],
): EnhancementCase => ({ input, expected, fillers, keep });

/** Words as the quality measures count them: lower case, curly apostrophes straightened, hyphens split. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/’/g, "'")
      .match(/[\p{L}\p{M}\p{N}]+(?:'[\p{L}\p{M}\p{N}]+)*/gu) ?? []
  );
}

function counts(list: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const word of list) map.set(word, (map.get(word) ?? 0) + 1);
  return map;
}

export type EnhancementQuality = {
  cases: number;
  exactMatches: number;
  fillerTokens: number;
  fillersRemoved: number;
  /** Share of annotated filler words that are gone from the output. */
  fillerRemovalRate: number;
  /** Every input word that is not an annotated filler: all of them must survive. */
  meaningTokens: number;
  meaningLost: number;
  /** The annotated look-alikes ("would like", "well done", …) among them. */
  keepTokens: number;
  keepLost: number;
  /** Share of meaning words that are still in the output (must be 1). */
  meaningKeptRate: number;
  /** Sentences with no filler: the output must be the input with casing and a full stop fixed. */
  cleanCases: number;
  cleanChanged: number;
  /** Output words that were not in the input (must be 0: the engine never adds words). */
  wordsAdded: number;
  mismatches: { input: string; expected: string; actual: string }[];
};

/** Runs an enhancer over the test set and counts what it removed, kept and added. */
export function measureEnhancement(
  cases: EnhancementCase[],
  enhance: (text: string) => string,
): EnhancementQuality {
  const q: EnhancementQuality = {
    cases: cases.length,
    exactMatches: 0,
    fillerTokens: 0,
    fillersRemoved: 0,
    fillerRemovalRate: 0,
    meaningTokens: 0,
    meaningLost: 0,
    keepTokens: 0,
    keepLost: 0,
    meaningKeptRate: 0,
    cleanCases: 0,
    cleanChanged: 0,
    wordsAdded: 0,
    mismatches: [],
  };
  for (const testCase of cases) {
    const actual = enhance(testCase.input);
    const clean = testCase.fillers.length === 0;
    if (clean) q.cleanCases++;
    if (actual === testCase.expected) q.exactMatches++;
    else {
      q.mismatches.push({ input: testCase.input, expected: testCase.expected, actual });
      if (clean) q.cleanChanged++;
    }
    const input = counts(words(testCase.input));
    const output = counts(words(actual));
    const fillers = counts(testCase.fillers);
    for (const [word, n] of input) {
      const filler = fillers.get(word) ?? 0;
      const out = output.get(word) ?? 0;
      q.fillerTokens += filler;
      q.fillersRemoved += Math.min(filler, Math.max(0, n - out));
      q.meaningTokens += n - filler;
      q.meaningLost += Math.max(0, n - filler - out);
    }
    for (const [word, n] of counts(testCase.keep)) {
      q.keepTokens += n;
      q.keepLost += Math.max(0, n - (output.get(word) ?? 0));
    }
    for (const [word, out] of output) q.wordsAdded += Math.max(0, out - (input.get(word) ?? 0));
  }
  q.fillerRemovalRate = q.fillerTokens ? q.fillersRemoved / q.fillerTokens : 1;
  q.meaningKeptRate = q.meaningTokens ? 1 - q.meaningLost / q.meaningTokens : 1;
  return q;
}
