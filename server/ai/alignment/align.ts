import type { SpeechTiming } from '../media-types';
import { adaptReference } from './adaptation';
import { alignmentFeatures, frameDistance } from './features';
import { FRAME_MS, melFrames } from './mfcc';
import { timingFromPath } from './path-timing';
import type { Reference } from './reference';
import { buildStates } from './states';
import { soundFrames, soundGateDb } from './voice-activity';
import { warpRecording } from './warp';
import { meanFeatures, type WarpCosts, warpCosts } from './warp-costs';

export type Samples = { samples: Float32Array; sampleRate: number };

/** How well the transcript fitted the recording, for telling a good alignment from a bad one. */
export type FitQuality = {
  /** Mean distance of the frames matched to words, against two unrelated frames' (1). */
  matchCost: number;
  /** Share of the recording's sound given to no word (fillers, noise, words not in the text). */
  unmatchedSound: number;
  /** The recording's time on the words over the synthesized speech's (1 = the same pace). */
  pace: number;
  /**
   * The cost of the warp with the words in reverse order over the cost in their order: a
   * transcript that says what the recording says fits clearly worse reversed (1.09–1.74
   * measured); one that does not, about as badly (1.02–1.08).
   */
  orderGain: number;
};

export type Alignment = { timing: SpeechTiming; quality: FitQuality };

/** Rounds of bringing the reference voice nearer the teacher's, each followed by a warp. */
const ADAPTATION_ROUNDS = 2;
/** The pace a warp assumes is measured again from the warp; past this much apart, it is redone. */
const PACE_TOLERANCE = 0.1;
const SLOWEST_PACE = 0.4;
const FASTEST_PACE = 2.5;
/** Silence after the synthesized speech, so the reference always holds some pause. */
const REFERENCE_TAIL_MS = 200;
const DIGITAL_SILENCE_DB = -90;
/** Frames this far under the sound gate are the room between words: its noise is measured there. */
const QUIET_UNDER_GATE_DB = 6;

const clampPace = (pace: number) => Math.min(FASTEST_PACE, Math.max(SLOWEST_PACE, pace));

/** The reference frames of each word that hold its sound (pauses the synthesizer made left out). */
function wordFrames(reference: Reference, frameCount: number): number[][] {
  const pause = new Uint8Array(frameCount);
  for (const p of reference.phonemes) {
    if (p.phoneme) continue;
    for (let f = Math.floor(p.startMs / FRAME_MS); f < Math.ceil(p.endMs / FRAME_MS); f++)
      if (f < frameCount) pause[f] = 1;
  }
  return reference.spans.map((span) => {
    if (!span) return [];
    const frames: number[] = [];
    const last = Math.min(frameCount, Math.ceil(span.endMs / FRAME_MS));
    for (let f = Math.floor(span.startMs / FRAME_MS); f < last; f++) if (!pause[f]) frames.push(f);
    return frames;
  });
}

/**
 * Aligns a recording (mono samples) to the synthesized reference of its transcript:
 * features of both; a warp of the recording onto the reference's words, with an optional
 * gap between every two words for pauses and sound the transcript lacks, at a pace
 * measured from the warp itself; then the reference voice is mapped nearer the teacher's
 * (adaptation.ts) and the warp redone. Returns the transcript's words and the reference's
 * phonemes on the recording's clock with how well they fitted, or null when there is
 * nothing to align (no sound, or no words).
 */
export function alignToReference(recording: Samples, reference: Reference): Alignment | null {
  const rec = melFrames(recording.samples, recording.sampleRate);
  const padded = new Float32Array(
    reference.samples.length + (reference.sampleRate * REFERENCE_TAIL_MS) / 1000,
  );
  padded.set(reference.samples);
  const ref = melFrames(padded, reference.sampleRate);
  const recSound = soundFrames(rec.levelDb);
  const framesOfWords = wordFrames(reference, ref.count);
  const refSound = new Uint8Array(ref.count);
  for (const frames of framesOfWords) for (const f of frames) refSound[f] = 1;
  const referenceFrames = framesOfWords.flat();
  const soundIndex: number[] = [];
  for (let f = 0; f < rec.count; f++) if (recSound[f]) soundIndex.push(f);
  if (referenceFrames.length === 0 || soundIndex.length === 0) return null;

  const quietest = soundGateDb(rec.levelDb) - QUIET_UNDER_GATE_DB;
  const features = alignmentFeatures(
    { frames: rec, sound: recSound, quiet: (f) => rec.levelDb[f]! <= quietest },
    { frames: ref, sound: refSound },
  );
  // What a pause looks like: the reference's digital silence, under which the features
  // lay the recording's own room noise.
  const costsFor = (referenceFeatures: Float32Array, unit: number | null) =>
    warpCosts({
      recording: features.recording,
      recordingFrames: rec.count,
      soundFrames: soundIndex,
      reference: referenceFeatures,
      referenceFrames,
      pause: meanFeatures(
        referenceFeatures,
        ref.count,
        (f) => ref.levelDb[f]! < DIGITAL_SILENCE_DB,
      ),
      unit,
    });
  const warpAt = (pace: number, costs: WarpCosts, order = framesOfWords) => {
    const states = buildStates(order, pace);
    const path = warpRecording({
      recording: features.recording,
      recordingFrames: rec.count,
      states,
      costs,
    });
    if (!path) return null;
    let onWords = 0;
    for (let f = 0; f < rec.count; f++) if (states.frameOf[path.stateOf[f]!]! >= 0) onWords++;
    return { states, path, pace, costs, measuredPace: onWords / referenceFrames.length };
  };

  // A first guess at the pace from the sounding time; then the pace the warp itself found.
  const plain = costsFor(features.reference, null);
  let warped = warpAt(clampPace(soundIndex.length / referenceFrames.length), plain);
  if (warped && Math.abs(warped.measuredPace / warped.pace - 1) > PACE_TOLERANCE)
    warped = warpAt(clampPace(warped.measuredPace), plain) ?? warped;
  if (!warped) return null;
  for (let round = 0; round < ADAPTATION_ROUNDS; round++) {
    const pairs: Array<[number, number]> = [];
    for (let f = 0; f < rec.count; f++) {
      const refFrame = warped.states.frameOf[warped.path.stateOf[f]!]!;
      if (refFrame >= 0 && recSound[f]) pairs.push([f, refFrame]);
    }
    if (pairs.length === 0) break;
    const adapted = adaptReference(features.recording, features.reference, ref.count, pairs);
    let sum = 0;
    for (const [f, r] of pairs) sum += frameDistance(features.recording, f, adapted, r);
    warped =
      warpAt(clampPace(warped.measuredPace), costsFor(adapted, sum / pairs.length)) ?? warped;
  }

  let matched = 0;
  let matchedCost = 0;
  let unmatched = 0;
  for (let f = 0; f < rec.count; f++) {
    const refFrame = warped.states.frameOf[warped.path.stateOf[f]!]!;
    if (refFrame >= 0) {
      matched++;
      matchedCost += frameDistance(features.recording, f, warped.costs.reference, refFrame);
    } else if (recSound[f]) unmatched++;
  }
  const reversed = warpAt(warped.pace, warped.costs, [...framesOfWords].reverse());
  const quality: FitQuality = {
    matchCost: matched ? matchedCost / matched / warped.costs.scale : Number.POSITIVE_INFINITY,
    unmatchedSound: unmatched / soundIndex.length,
    pace: warped.measuredPace,
    orderGain: reversed ? reversed.path.total / warped.path.total : Number.POSITIVE_INFINITY,
  };
  const { states, path } = warped;
  return { timing: timingFromPath(path.stateOf, states, reference, recSound, rec.count), quality };
}
