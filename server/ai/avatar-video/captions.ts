import type { TimedWord } from '../media-types';
import type { Segment } from './envelope';
import { timeCaptionWords } from './word-alignment';

export type Cue = { start: number; end: number; lines: string[] };

/** About 34 characters fit one caption line at the renderer's font size in 720 px. */
export const CAPTION_LINE_CHARS = 34;
const LINES_PER_CUE = 2;

/** Caption text: control characters (NUL included) and runs of spaces removed. */
export function captionText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Greedy word wrap; a word longer than a line is cut so nothing runs off the frame. */
export function wrapWords(text: string, width = CAPTION_LINE_CHARS): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of captionText(text).split(' ')) {
    if (!word) continue;
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A cue shows this long before its first word at most, so the eye finds it as it starts. */
const CUE_LEAD_SECONDS = 0.1;
/** After the last word of a cue, it stays this long unless the next cue takes over. */
const CUE_HOLD_SECONDS = 1.2;

/**
 * Cues of up to two lines, timed by when their words are said: a cue appears just before
 * its first word (never before the previous cue's last word ends) and stays until the next
 * cue appears, or a little after its last word when a long pause follows. Every word is
 * therefore on screen for the whole time it is spoken.
 */
export function timeCuesByWords(text: string, words: TimedWord[], durationSeconds: number): Cue[] {
  const lines = wrapWords(text);
  if (lines.length === 0 || durationSeconds <= 0 || words.length === 0) return [];
  const lineWords = lines.map((line) => line.split(' '));
  const times = timeCaptionWords(lineWords.flat(), words);
  const spans: Array<{ first: number; last: number; lines: string[] }> = [];
  let index = 0;
  for (let i = 0; i < lines.length; i += LINES_PER_CUE) {
    const group = lineWords.slice(i, i + LINES_PER_CUE);
    const count = group.reduce((sum, l) => sum + l.length, 0);
    spans.push({
      first: (times[index]?.startMs ?? 0) / 1000,
      last: (times[index + count - 1]?.endMs ?? 0) / 1000,
      lines: lines.slice(i, i + LINES_PER_CUE),
    });
    index += count;
  }
  const cues: Cue[] = [];
  for (const [i, span] of spans.entries()) {
    const previousLast = spans[i - 1]?.last ?? 0;
    const start = Math.max(0, previousLast, span.first - CUE_LEAD_SECONDS);
    cues.push({ start: Math.min(start, span.first), end: 0, lines: span.lines });
  }
  for (const [i, cue] of cues.entries()) {
    const span = spans[i] as (typeof spans)[number];
    const hold = span.last + CUE_HOLD_SECONDS;
    const next = cues[i + 1]?.start;
    cue.end = Math.min(
      durationSeconds,
      next === undefined ? hold : Math.max(span.last, Math.min(hold, next)),
    );
    // A cue whose words take no time still shows long enough to be seen.
    if (cue.end - cue.start < 0.5)
      cue.end = Math.min(durationSeconds, next ?? Infinity, cue.start + 0.5);
  }
  return cues;
}

/**
 * Without word timings (a recording nobody aligned): cues of up to two lines, timed over the voiced parts of the speech in proportion to
 * their length in characters (long words take longer to say). Without detected speech
 * the whole duration is used.
 */
export function timeCues(text: string, segments: Segment[], durationSeconds: number): Cue[] {
  const lines = wrapWords(text);
  if (lines.length === 0 || durationSeconds <= 0) return [];
  const spans = segments.length > 0 ? segments : [{ start: 0, end: durationSeconds }];
  const voiced = spans.reduce((sum, s) => sum + (s.end - s.start), 0);
  const at = (fraction: number): number => {
    let remaining = fraction * voiced;
    for (const span of spans) {
      const length = span.end - span.start;
      if (remaining <= length) return span.start + remaining;
      remaining -= length;
    }
    return spans.at(-1)?.end ?? durationSeconds;
  };
  const groups: string[][] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_CUE)
    groups.push(lines.slice(i, i + LINES_PER_CUE));
  const total = lines.reduce((sum, l) => sum + l.length, 0);
  const cues: Cue[] = [];
  let done = 0;
  for (const group of groups) {
    const size = group.reduce((sum, l) => sum + l.length, 0);
    const start = at(done / total);
    done += size;
    const end = Math.min(durationSeconds, at(done / total));
    cues.push({ start, end: Math.max(end, start + 0.5), lines: group });
  }
  // A cue stays up until the next starts (bridging pauses), never past the end.
  for (let i = 0; i < cues.length - 1; i++) {
    const cue = cues[i] as Cue;
    const next = cues[i + 1] as Cue;
    cue.end = Math.min(Math.max(cue.end, next.start), next.start);
  }
  const last = cues.at(-1) as Cue;
  last.end = Math.min(durationSeconds, Math.max(last.end, last.start + 0.5));
  return cues;
}

function timestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT cue text is HTML-like: &, < and > are escaped so transcript text stays text. */
export function escapeVttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The track sits near the top (under the badge) because the same captions are burned in
 * at the bottom: a player showing the track must not stack two copies on each other.
 */
export function toWebVtt(cues: Cue[]): string {
  const blocks = cues.map(
    (cue, i) =>
      `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)} line:10%\n${cue.lines.map(escapeVttText).join('\n')}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}${blocks.length ? '\n' : ''}`;
}
