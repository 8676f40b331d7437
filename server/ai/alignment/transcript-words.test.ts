import { describe, expect, it } from 'vitest';
import { syntheticVoice } from '../voice-analysis';
import { chunkEnds } from './reference';
import { referenceVoices } from './reference-voice';
import { matchWordKeys, transcriptWords } from './transcript-words';

describe('transcript words and the reference they are said in', () => {
  it('finds the words with their places, numbers and contractions whole', () => {
    const text = "Noah's score rose to 7.5 — well done, Year-6!";
    const words = transcriptWords(text);
    expect(words.map((w) => w.text)).toEqual([
      "Noah's",
      'score',
      'rose',
      'to',
      '7.5',
      'well',
      'done',
      'Year-6',
    ]);
    for (const w of words) expect(text.slice(w.start, w.end)).toBe(w.text);
    expect(words[0]?.key).toBe('noahs');
  });

  it('pairs the words two texts share, in order', () => {
    const said = ['um', 'she', 'was', 'she', 'has', 'been', 'great'];
    const kept = ['she', 'has', 'been', 'great'];
    expect(Array.from(matchWordKeys(said, kept))).toEqual([-1, 0, -1, -1, 1, 2, 3]);
    expect(Array.from(matchWordKeys([], kept))).toEqual([]);
  });

  it('cuts a long transcript for the synthesizer at sentence ends', () => {
    const sentence = 'Amelia has worked hard this term and her reading has really improved. ';
    const text = sentence.repeat(40).trim();
    const ends = chunkEnds(text);
    expect(ends.at(-1)).toBe(text.length);
    let from = 0;
    for (const end of ends) {
      expect(end - from).toBeLessThanOrEqual(1500);
      if (end < text.length) expect(text[end - 1]).toBe('.');
      from = end;
    }
    expect(chunkEnds('Short.')).toEqual([6]);
  });

  it('says the reference in a male voice first for a low voice, a female one for a high voice', () => {
    const low = referenceVoices(
      syntheticVoice({ pitchHz: 115, syllablesPerSecond: 4, seconds: 3 }),
    );
    const high = referenceVoices(
      syntheticVoice({ pitchHz: 220, syllablesPerSecond: 4, seconds: 3 }),
    );
    expect(low.map((v) => v.variant)).toEqual(['m3', 'f3']);
    expect(Math.abs(low[0]!.medianPitchHz - 115)).toBeLessThan(6);
    expect(high.map((v) => v.variant)).toEqual(['f3', 'm3']);
    expect(Math.abs(high[0]!.medianPitchHz - 220)).toBeLessThan(10);
  });
});
