import type { TimedPhoneme } from '../media-types';
import { CLOSED_MOUTH, type MouthShape } from './face-shapes';
import { VISEME_SHAPES, type Viseme, visemesOf } from './visemes';

type Segment = { viseme: Viseme; start: number; end: number };

/*
 * Coarticulation: each sound pulls the mouth towards its shape most strongly while it is
 * said and less with distance (a Gaussian of SPREAD seconds beyond its edges), weighted by
 * how much that sound needs its shape. Lips must meet for m, b, p and the lip must reach
 * the teeth for f, v, so those win over their neighbours; a pause wins too, so the mouth
 * closes within a frame or two of the sound stopping.
 */
const SPREAD_SECONDS = 0.045;
const DOMINANCE: Partial<Record<Viseme, number>> = { rest: 1.5, mbp: 4, fv: 2.5, wu: 1.5 };
/** How far around a frame sounds are looked at: beyond this their pull is nil. */
const REACH_SECONDS = 0.2;
/** The part of the jaw's opening that every sounding frame gets from loudness alone. */
const LOUDNESS_SHARE = 0.75;
const KEYS: Array<keyof MouthShape> = ['jaw', 'lift', 'spread', 'press', 'tuck', 'lowerTeeth'];

function segmentsOf(phonemes: TimedPhoneme[]): Segment[] {
  const segments: Segment[] = [];
  for (const p of phonemes) {
    const start = p.startMs / 1000;
    const length = Math.max(0, p.endMs / 1000 - start);
    let at = start;
    for (const part of visemesOf(p.phoneme)) {
      segments.push({ viseme: part.viseme, start: at, end: at + length * part.share });
      at += length * part.share;
    }
  }
  return segments.sort((a, b) => a.start - b.start);
}

/**
 * The mouth shape for every video frame, from timed phonemes. Before the first sound and
 * after the last the mouth rests. Loudness (0..1 a frame, optional) scales how wide the
 * jaw opens, so stressed and loud syllables open more than mumbled ones, and a silent
 * stop closure inside a word does not gape.
 */
export function mouthTrackFromPhonemes(
  phonemes: TimedPhoneme[],
  frameCount: number,
  fps: number,
  loudness?: number[],
): MouthShape[] {
  const segments = segmentsOf(phonemes);
  const shapes: MouthShape[] = [];
  let first = 0;
  for (let f = 0; f < frameCount; f++) {
    const t = (f + 0.5) / fps;
    while (first < segments.length && (segments[first] as Segment).end < t - REACH_SECONDS) first++;
    const blended: MouthShape = { ...CLOSED_MOUTH };
    let total = 0;
    let inside: Segment | undefined;
    for (let i = first; i < segments.length; i++) {
      const s = segments[i] as Segment;
      if (s.start > t + REACH_SECONDS) break;
      if (t >= s.start && t < s.end) inside = s;
      const distance = Math.max(0, s.start - t, t - s.end);
      const weight = (DOMINANCE[s.viseme] ?? 1) * Math.exp(-((distance / SPREAD_SECONDS) ** 2));
      const target = VISEME_SHAPES[s.viseme];
      for (const key of KEYS) blended[key] += target[key] * weight;
      total += weight;
    }
    // Before the first sound and after the last, the rest shape pulls as a pause does.
    if (!inside) total += DOMINANCE.rest ?? 1;
    for (const key of KEYS) blended[key] = total > 0 ? blended[key] / total : 0;
    if (inside?.viseme === 'mbp') {
      // While the lips are shut for m, b, p, nothing around them opens them.
      Object.assign(blended, { jaw: 0, lift: 0, tuck: 0, lowerTeeth: 0, press: 1 });
    }
    const loud = loudness?.[f];
    if (loud !== undefined && inside?.viseme !== 'mbp') {
      // How far the jaw opens follows how loud the sound is (loud vowels are open
      // vowels), quiet sounds opening it disproportionately little; the sound's own shape
      // sets the rest of its opening.
      blended.jaw =
        Math.min(1, loud) ** 1.5 * (LOUDNESS_SHARE + (1 - LOUDNESS_SHARE) * blended.jaw);
    }
    shapes.push(blended);
  }
  return shapes;
}

/**
 * Without phoneme timings (a recording nobody aligned), the mouth follows loudness alone:
 * the jaw and upper lip open with the voice and the mouth is shut whenever it is quiet.
 */
export function mouthTrackFromLoudness(openness: number[]): MouthShape[] {
  return openness.map((o) => ({ ...CLOSED_MOUTH, jaw: 0.75 * o, lift: 0.25 * o }));
}
