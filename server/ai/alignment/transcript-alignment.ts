import type { SpeechTiming, VoiceSettings } from '../media-types';
import { SynthesisError } from '../speech-synthesis';
import { type Alignment, alignToReference, type FitQuality } from './align';
import { ANALYSIS_RATE } from './decode';
import { type Reference, synthesizeReference } from './reference';
import { referenceVoices } from './reference-voice';
import { transcriptWords } from './transcript-words';

export type RecordingTiming = {
  /** Words (with their place in the transcript) and IPA phonemes on the recording's clock. */
  timing: SpeechTiming;
  durationMs: number;
  quality: FitQuality;
};

/**
 * How much the transcript's word order explains (orderGain − 1) per share of the sound it
 * leaves unexplained. Measured: 0.24–0.43 on a real 1961 speech recording (female and
 * male reference voice), 1.6 and more for synthesized voices of other accents and engines;
 * 0.11–0.27 when the text is another recording's. Under this the transcript is taken not
 * to say what the recording says.
 */
const LEAST_FIT = 0.3;
/** Below this share of unexplained sound, the fit is judged as if it were this. */
const UNMATCHED_FLOOR = 0.05;
/** Speech at under half or over twice and a half the synthesizer's pace is not this text. */
const PACE_RANGE = [0.4, 2.5] as const;

/** One number for how well a transcript fits a recording: higher is better. */
export function fitScore(quality: FitQuality): number {
  return (quality.orderGain - 1) / Math.max(UNMATCHED_FLOOR, quality.unmatchedSound);
}

/** Whether an alignment can be trusted to time captions, mouth shapes and cuts. */
export function fitsWell(quality: FitQuality): boolean {
  return (
    fitScore(quality) >= LEAST_FIT && quality.pace >= PACE_RANGE[0] && quality.pace <= PACE_RANGE[1]
  );
}

/**
 * Aligns a transcript to a recording's 16 kHz samples, or null when there is nothing to
 * align (no words, no sound) or the fit is bad (see fitsWell). The reference is said in
 * the teacher's measured voice when there is one; otherwise in both a male and a female
 * voice at the recording's pitch, and the better fit is kept: pitch alone misleads (a
 * man speaking loudly to a crowd measured 250 Hz and fitted the male voice better).
 */
export async function alignSamples(
  samples: Float32Array,
  transcript: string,
  voice: VoiceSettings | null = null,
): Promise<RecordingTiming | null> {
  if (transcriptWords(transcript).length === 0 || samples.length === 0) return null;
  const voices = voice ? [voice] : referenceVoices(samples);
  let references: Reference[];
  try {
    references = await Promise.all(voices.map((v) => synthesizeReference(transcript, v)));
  } catch (error) {
    // Text the synthesizer refuses (nothing speakable) has nothing to align.
    if (error instanceof SynthesisError) return null;
    throw error;
  }
  let best: Alignment | null = null;
  for (const reference of references) {
    const aligned = alignToReference({ samples, sampleRate: ANALYSIS_RATE }, reference);
    if (aligned && (!best || fitsBetter(aligned.quality, best.quality))) best = aligned;
  }
  if (!best || !fitsWell(best.quality)) return null;
  return { ...best, durationMs: Math.round((samples.length / ANALYSIS_RATE) * 1000) };
}

/** The fit whose word order explains more of the recording. */
function fitsBetter(a: FitQuality, b: FitQuality): boolean {
  return fitScore(a) > fitScore(b);
}
