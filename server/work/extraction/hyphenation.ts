/**
 * Tells a line-end hyphen that splits a word ("com- / pile") from one that belongs to a
 * compound ("well- / known"): the joined word is looked up in an English word list that
 * ships in an npm package (word-list, MIT, ~274,000 words with their inflections), so
 * nothing is fetched. Unknown joins keep their hyphen: a stray hyphen in a name is less
 * harmful than two words run together.
 */
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

let words: Set<string> | undefined;

function wordList(): Set<string> {
  words ??= new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  return words;
}

export function isEnglishWord(word: string): boolean {
  return wordList().has(word.toLowerCase());
}

// The letters just before the hyphen and the letters that start the next line.
const TAIL = /(\p{L}+)-$/u;
const HEAD = /^(\p{L}+)/u;

/**
 * How a line ending in a hyphen joins the next: without the hyphen when the two halves
 * make a word, else with it ("well-known", "Smith-Jones").
 */
export function joinHyphenated(before: string, after: string): string {
  const tail = before.match(TAIL)?.[1];
  const head = after.match(HEAD)?.[1];
  // A capital after the hyphen is a name or a compound ("Anglo-Saxon"), never a split.
  if (tail && head && head[0] === head[0]!.toLowerCase() && isEnglishWord(tail + head)) {
    return before.slice(0, -1) + after;
  }
  return before + after;
}
