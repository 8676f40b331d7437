import type { SpeechTiming, TimedPhoneme, TimedWord } from '../media-types';
import { FRAME_MS } from './mfcc';
import type { Reference } from './reference';
import type { States } from './states';

const PAUSE_PHONEME = '';
/** What a sound no word accounts for (an "um", a cough) is shown as: a neutral, half-open mouth. */
const UNKNOWN_SOUND_PHONEME = 'ə';

/** Words and phonemes on the recording's clock from the frames each state was given. */
export function timingFromPath(
  stateOf: Int32Array,
  states: States,
  reference: Reference,
  recSound: Uint8Array,
  frameCount: number,
): SpeechTiming {
  const first = new Int32Array(reference.words.length).fill(-1);
  const last = new Int32Array(reference.words.length).fill(-1);
  for (let i = 0; i < frameCount; i++) {
    const word = states.wordOf[stateOf[i]!]!;
    if (word < 0) continue;
    if (first[word]! < 0) first[word] = i;
    last[word] = i;
  }
  const words: TimedWord[] = [];
  const phonemes: TimedPhoneme[] = [];
  for (const [index, word] of reference.words.entries()) {
    const span = reference.spans[index];
    if (first[index]! < 0 || !span) continue;
    first[index] = soundOnset(first[index]!, stateOf, states, recSound);
    const startMs = first[index]! * FRAME_MS;
    const endMs = (last[index]! + 1) * FRAME_MS;
    words.push({ text: word.text, startMs, endMs, textStart: word.start, textEnd: word.end });
    phonemes.push(...wordPhonemes(index, span, { startMs, endMs }, stateOf, states, reference));
  }
  phonemes.push(...gapPhonemes(stateOf, states, recSound, frameCount));
  phonemes.sort((a, b) => a.startMs - b.startMs);
  return { words: fillUnplaced(words, reference), phonemes };
}

/** A word that starts after a pause starts where its sound does, up to this many frames earlier. */
const ONSET_REACH_FRAMES = 20;

/**
 * Where the sound of a word that the warp starts at `frame` begins: a drawn-out first
 * syllable ("aaask" after a pause) may have been left to the gap before the word, and a
 * short run of sound between a pause and the word is the word's own onset. A longer run
 * is something else (an "um"), and stays in the gap.
 */
function soundOnset(
  frame: number,
  stateOf: Int32Array,
  states: States,
  recSound: Uint8Array,
): number {
  let onset = frame;
  while (
    onset > 0 &&
    frame - onset < ONSET_REACH_FRAMES &&
    states.frameOf[stateOf[onset - 1]!]! < 0 &&
    recSound[onset - 1]
  )
    onset--;
  const afterPause = onset === 0 || !recSound[onset - 1];
  return afterPause ? onset : frame;
}

/**
 * A word's phonemes on the recording's clock: each starts at the first frame of the word
 * that the warp took from at or after the phoneme's start in the reference, and lasts
 * until the next.
 */
function wordPhonemes(
  word: number,
  span: { startMs: number; endMs: number },
  placed: { startMs: number; endMs: number },
  stateOf: Int32Array,
  states: States,
  reference: Reference,
): TimedPhoneme[] {
  const own = reference.phonemes.filter(
    (p) => p.phoneme && p.startMs >= span.startMs - FRAME_MS / 2 && p.startMs < span.endMs,
  );
  const frames: Array<{ at: number; refFrame: number }> = [];
  for (let i = placed.startMs / FRAME_MS; i < placed.endMs / FRAME_MS; i++) {
    const s = stateOf[i]!;
    if (states.wordOf[s] === word) frames.push({ at: i, refFrame: states.frameOf[s]! });
  }
  const starts = own.map((p) => {
    const refFrame = Math.floor(p.startMs / FRAME_MS);
    const hit = frames.find((f) => f.refFrame >= refFrame);
    return hit ? hit.at * FRAME_MS : placed.endMs;
  });
  starts[0] = placed.startMs;
  // Each sound keeps a frame at least where the word has room for all of them: the warp
  // may step over a short one, but its mouth shape (a b's closed lips) must still show.
  if (own.length * FRAME_MS <= placed.endMs - placed.startMs) {
    for (let k = 1; k < starts.length; k++)
      starts[k] = Math.max(starts[k]!, starts[k - 1]! + FRAME_MS);
    for (let k = starts.length - 1; k >= 1; k--)
      starts[k] = Math.min(starts[k]!, placed.endMs - (starts.length - k) * FRAME_MS);
  }
  return own.map((p, k) => {
    const startMs = Math.min(starts[k]!, placed.endMs);
    const endMs = Math.max(startMs, Math.min(starts[k + 1] ?? placed.endMs, placed.endMs));
    return { phoneme: p.phoneme, startMs, endMs };
  });
}

/** Frames given to gaps become pauses, or a neutral vowel where there was sound. */
function gapPhonemes(
  stateOf: Int32Array,
  states: States,
  recSound: Uint8Array,
  frameCount: number,
): TimedPhoneme[] {
  const out: TimedPhoneme[] = [];
  for (let i = 0; i < frameCount; ) {
    if (states.frameOf[stateOf[i]!]! >= 0) {
      i++;
      continue;
    }
    const kind = recSound[i] ? UNKNOWN_SOUND_PHONEME : PAUSE_PHONEME;
    let end = i;
    while (
      end < frameCount &&
      states.frameOf[stateOf[end]!]! < 0 &&
      (recSound[end] ? UNKNOWN_SOUND_PHONEME : PAUSE_PHONEME) === kind
    )
      end++;
    out.push({ phoneme: kind, startMs: i * FRAME_MS, endMs: end * FRAME_MS });
    i = end;
  }
  return out;
}

/**
 * Words the synthesizer did not say (a symbol it skipped) get the time between their
 * placed neighbours, so every transcript word has a time and times never go backwards.
 */
function fillUnplaced(placed: TimedWord[], reference: Reference): TimedWord[] {
  if (placed.length === 0) return placed;
  const byStart = new Map(placed.map((w) => [w.textStart, w]));
  const out: TimedWord[] = [];
  for (const [index, word] of reference.words.entries()) {
    const found = byStart.get(word.start);
    if (found) {
      out.push(found);
      continue;
    }
    const before = out.at(-1)?.endMs ?? placed[0]!.startMs;
    const next = reference.words.slice(index + 1).find((w) => byStart.has(w.start));
    const after = next ? byStart.get(next.start)!.startMs : before;
    const at = Math.min(before, after);
    out.push({
      text: word.text,
      startMs: at,
      endMs: Math.max(at, after),
      textStart: word.start,
      textEnd: word.end,
    });
  }
  return out;
}
