import { describe, expect, it } from 'vitest';
import type { TimedWord } from '../media-types';
import { timeCuesByWords, toWebVtt } from './captions';
import { captionReport } from './test/caption-metrics';
import { timeCaptionWords } from './word-alignment';

/** Words said one after another, 300 ms each, with a 1.5 s pause after "term.". */
function said(text: string): TimedWord[] {
  let at = 200;
  return text.split(' ').map((word) => {
    const timed = { text: word.replace(/[.,]/g, ''), startMs: at, endMs: at + 300 };
    at += word.endsWith('term.') ? 1800 : 320;
    return timed;
  });
}

describe('captions timed by the words', () => {
  const text =
    'Amelia has made a wonderful start this term. She now reads aloud to the class with confidence and expression, and she chooses longer books by herself.';

  it('starts each cue at its first word and keeps every word on screen while it is said', () => {
    const words = said(text);
    const cues = timeCuesByWords(text, words, 20);
    expect(cues.length).toBeGreaterThanOrEqual(3);
    const report = captionReport(toWebVtt(cues), words);
    for (const error of report.startErrors) {
      expect(error).toBeLessThanOrEqual(0);
      expect(error).toBeGreaterThanOrEqual(-0.1);
    }
    expect(report.wordsOnScreenWhileSpoken).toBe(1);
    // One cue at a time, in order, never past the end.
    for (const [i, cue] of cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]?.end ?? 0);
    }
    expect(cues.at(-1)?.end).toBeLessThanOrEqual(20);
  });

  it('matches caption words to timed words that were split or dropped', () => {
    const times = timeCaptionWords(
      ['In', '2026', 'Amelia', 'read', 'more.'],
      [
        { text: 'In', startMs: 0, endMs: 100 },
        { text: 'twenty', startMs: 100, endMs: 300 },
        { text: 'twenty-six', startMs: 300, endMs: 600 },
        { text: 'Amelia', startMs: 600, endMs: 900 },
        { text: 'more', startMs: 1000, endMs: 1200 },
      ],
    );
    expect(times.map((t) => t.startMs)).toEqual([0, 100, 600, 900, 1000]);
    expect(times[1]?.endMs).toBe(600);
    expect(times[3]).toEqual({ startMs: 900, endMs: 1000 });
  });
});
