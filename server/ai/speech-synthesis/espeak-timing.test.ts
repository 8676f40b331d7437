import { describe, expect, it } from 'vitest';
import { timingFromEspeak } from './espeak-timing';

describe("eSpeak's events as word and phoneme spans", () => {
  it('gives each word its place in the text, a number read as two words twice', () => {
    const text = 'Read 25 books';
    const timing = timingFromEspeak(
      text,
      {
        // eSpeak reads "25" as "twenty five": two word events inside the same written word.
        words: [
          { startMs: 0, textStart: 0, length: 4 },
          { startMs: 300, textStart: 5, length: 2 },
          { startMs: 600, textStart: 6, length: 1 },
          { startMs: 900, textStart: 8, length: 6 },
        ],
        phonemes: [
          { startMs: 0, phoneme: 'ɹ' },
          { startMs: 100, phoneme: 'ˈiː' },
          { startMs: 200, phoneme: 'd' },
          { startMs: 300, phoneme: 't' },
          { startMs: 600, phoneme: 'f' },
          { startMs: 900, phoneme: 'b' },
          { startMs: 1200, phoneme: '' },
        ],
      },
      1300,
    );
    expect(timing.words.map((w) => [w.text, w.textStart, w.textEnd])).toEqual([
      ['Read', 0, 4],
      ['25', 5, 7],
      ['5', 6, 7],
      ['books', 8, 13],
    ]);
    for (const word of timing.words)
      expect(text.slice(word.textStart, word.textEnd)).toBe(word.text);
    // A word ends with its last sounding phoneme, not with the pause after it.
    expect(timing.words.at(-1)?.endMs).toBe(1200);
  });
});
