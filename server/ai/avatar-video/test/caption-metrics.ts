import type { TimedWord } from '../../media-types';
import { timeCaptionWords } from '../word-alignment';

/*
 * Measures a WebVTT track against when its words are really said: how far each cue's
 * start is from its first word, and how many words are on screen for the whole time they
 * are spoken.
 */

export type VttCue = { start: number; end: number; text: string };

export function parseVtt(vtt: string): VttCue[] {
  const seconds = (stamp: string) => {
    const [h, m, s] = stamp.split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  const cues: VttCue[] = [];
  for (const block of vtt.split(/\n\n+/)) {
    const match = /(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})[^\n]*\n([\s\S]*)/.exec(
      block,
    );
    if (match) {
      cues.push({
        start: seconds(match[1] as string),
        end: seconds(match[2] as string),
        text: (match[3] as string).replace(/\n/g, ' '),
      });
    }
  }
  return cues;
}

export type CaptionReport = {
  /** Cue start minus its first word's start, in seconds, for every cue. */
  startErrors: number[];
  /** Share of words whose cue is shown from before the word starts until after it ends. */
  wordsOnScreenWhileSpoken: number;
};

/** A frame's worth of slack (40 ms at 25 fps): a cue is drawn from the frame it starts in. */
const SLACK_SECONDS = 0.02;

export function captionReport(vtt: string, words: TimedWord[]): CaptionReport {
  const cues = parseVtt(vtt);
  const unescapeVtt = (text: string) =>
    text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const cueWords = cues.map((c) => unescapeVtt(c.text).split(/\s+/).filter(Boolean));
  const times = timeCaptionWords(cueWords.flat(), words);
  const startErrors: number[] = [];
  let shown = 0;
  let total = 0;
  let k = 0;
  for (const [i, cue] of cues.entries()) {
    const count = cueWords[i]?.length ?? 0;
    startErrors.push(cue.start - (times[k]?.startMs ?? 0) / 1000);
    for (let j = k; j < k + count; j++) {
      const word = times[j];
      if (!word) continue;
      total++;
      if (
        cue.start <= word.startMs / 1000 + SLACK_SECONDS &&
        cue.end >= word.endMs / 1000 - SLACK_SECONDS
      )
        shown++;
    }
    k += count;
  }
  return { startErrors, wordsOnScreenWhileSpoken: total ? shown / total : 0 };
}
