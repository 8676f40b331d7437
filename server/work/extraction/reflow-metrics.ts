/**
 * How well extracted text matches the text it was made from: the figures the reflow is
 * judged by (decision 0016), used by the reflow tests and by `bench/reflow.ts` on real PDFs.
 */

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .match(/[\p{L}\p{N}'-]+/gu)
    ?.map((word) => word.replace(/^[-']+|[-']+$/g, ''))
    .filter(Boolean) ?? [];

/** Share of the source's words found in the extracted text in the same order (LCS). */
export function wordsKeptInOrder(source: string, extracted: string): number {
  const want = wordsOf(source);
  const got = wordsOf(extracted);
  if (want.length === 0) return 1;
  let row = new Int32Array(want.length + 1);
  for (const word of got) {
    const next = new Int32Array(want.length + 1);
    for (let j = 0; j < want.length; j += 1) {
      next[j + 1] = word === want[j] ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!);
    }
    row = next;
  }
  return row[want.length]! / want.length;
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => wordsOf(paragraph).join(' '))
    .filter(Boolean);

/** Share of the source's paragraphs that come out as one paragraph, word for word. */
export function paragraphsRebuilt(source: string, extracted: string): number {
  const want = paragraphsOf(source);
  const got = new Set(paragraphsOf(extracted));
  if (want.length === 0) return 1;
  return want.filter((paragraph) => got.has(paragraph)).length / want.length;
}
