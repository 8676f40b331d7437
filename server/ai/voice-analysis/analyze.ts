import type { VoiceSettings } from '../media-types';
import { decodeToPcm, SAMPLE_RATE } from './decode';

export const NOT_ENOUGH_SPEECH =
  'We could not hear enough speech in this sample. Record at least 10 seconds of you speaking.';

export class VoiceAnalysisError extends Error {}

const HOP = SAMPLE_RATE / 100; // 10 ms
const WINDOW = (SAMPLE_RATE * 40) / 1000; // 40 ms: two periods of a 60 Hz voice
const MIN_LAG = Math.floor(SAMPLE_RATE / 400);
const MAX_LAG = Math.ceil(SAMPLE_RATE / 60);
/** YIN's aperiodicity threshold: frames with no dip below it are unvoiced. */
const YIN_THRESHOLD = 0.2;
const MIN_VOICED_SECONDS = 2;
/** Below this pitch eSpeak's male variant sounds closer than the female one. */
const MALE_BELOW_HZ = 165;
const SYLLABLES_PER_WORD = 1.5;
/** Pauses longer than this are not speaking time. */
const PAUSE_SECONDS = 0.3;

/** Measures a voice sample (any format ffmpeg decodes) for the built-in synthesizer. */
export async function analyzeVoice(bytes: Uint8Array): Promise<VoiceSettings> {
  return analyzeSamples(await decodeToPcm(bytes));
}

/**
 * Median pitch of voiced frames (YIN), and speaking rate from syllable nuclei:
 * peaks of the smoothed energy envelope in voiced stretches, per second of speaking time.
 */
export function analyzeSamples(samples: Float32Array): VoiceSettings {
  const frames = Math.max(0, Math.floor((samples.length - WINDOW - MAX_LAG) / HOP));
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) energy[f] = rms(samples, f * HOP, WINDOW);
  const loudest = Math.max(0, ...energy);
  // Frames more than 35 dB below the loudest, or near digital silence, are not speech.
  const floor = Math.max(loudest * 0.018, 0.002);

  const pitches: number[] = [];
  const voiced = new Uint8Array(frames);
  for (let f = 0; f < frames; f++) {
    if (energy[f]! < floor) continue;
    const pitch = framePitch(samples, f * HOP);
    if (pitch === null) continue;
    voiced[f] = 1;
    pitches.push(pitch);
  }
  const voicedSeconds = pitches.length / 100;
  if (voicedSeconds < MIN_VOICED_SECONDS) throw new VoiceAnalysisError(NOT_ENOUGH_SPEECH);
  const medianPitchHz = Math.round(median(pitches));
  const syllablesPerSecond = syllableRate(energy, voiced);
  return {
    medianPitchHz,
    wordsPerMinute: Math.round((syllablesPerSecond * 60) / SYLLABLES_PER_WORD),
    variant: medianPitchHz < MALE_BELOW_HZ ? 'm3' : 'f3',
    voicedSeconds: Math.round(voicedSeconds * 10) / 10,
  };
}

function rms(samples: Float32Array, start: number, length: number): number {
  let sum = 0;
  for (let i = start; i < start + length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / length);
}

/**
 * The pitch of one frame by YIN (de Cheveigné & Kawahara 2002), or null when it is not
 * voiced: the first lag where the cumulative-mean-normalised difference dips under the
 * threshold, which avoids both octave errors that plain autocorrelation makes.
 */
export function framePitch(samples: Float32Array, start: number): number | null {
  const diff = new Float64Array(MAX_LAG + 2);
  for (let lag = 1; lag <= MAX_LAG + 1; lag++) {
    let sum = 0;
    for (let i = start; i < start + WINDOW; i++) {
      const delta = samples[i]! - samples[i + lag]!;
      sum += delta * delta;
    }
    diff[lag] = sum;
  }
  const normalised = new Float64Array(MAX_LAG + 2);
  let running = 0;
  for (let lag = 1; lag <= MAX_LAG + 1; lag++) {
    running += diff[lag]!;
    normalised[lag] = running === 0 ? 1 : (diff[lag]! * lag) / running;
  }
  for (let lag = MIN_LAG; lag <= MAX_LAG; lag++) {
    if (normalised[lag]! >= YIN_THRESHOLD) continue;
    // Walk down to the bottom of this dip, then refine between neighbouring lags.
    while (lag < MAX_LAG && normalised[lag + 1]! < normalised[lag]!) lag++;
    const a = normalised[lag - 1]!;
    const b = normalised[lag]!;
    const c = normalised[lag + 1]!;
    const denominator = a - 2 * b + c;
    const shift = denominator === 0 ? 0 : (0.5 * (a - c)) / denominator;
    return SAMPLE_RATE / (lag + Math.max(-0.5, Math.min(0.5, shift)));
  }
  return null;
}

/** Syllable nuclei per second of speaking time (pauses over 0.3 s left out). */
function syllableRate(energy: Float64Array, voiced: Uint8Array): number {
  // ~50 ms moving average, in dB.
  const smooth = new Float64Array(energy.length);
  for (let f = 0; f < energy.length; f++) {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, f - 2); k <= Math.min(energy.length - 1, f + 2); k++) {
      sum += energy[k]!;
      count++;
    }
    smooth[f] = 20 * Math.log10(sum / count + 1e-9);
  }
  let peaks = 0;
  let lastPeak = -Infinity;
  for (let f = 1; f < smooth.length - 1; f++) {
    if (!voiced[f] || smooth[f]! < smooth[f - 1]! || smooth[f]! < smooth[f + 1]!) continue;
    // A nucleus stands at least 2 dB above the dip on both sides, 100 ms apart at least.
    if (f - lastPeak < 10) continue;
    if (dipDepth(smooth, f, -1) < 2 || dipDepth(smooth, f, 1) < 2) continue;
    peaks++;
    lastPeak = f;
  }
  // Speaking time: from the first to the last voiced frame, without long pauses.
  let speakingFrames = 0;
  let previous = -1;
  for (let f = 0; f < voiced.length; f++) {
    if (!voiced[f]) continue;
    if (previous >= 0) {
      const gap = f - previous;
      speakingFrames += gap <= PAUSE_SECONDS * 100 ? gap : 1;
    } else speakingFrames = 1;
    previous = f;
  }
  return peaks / Math.max(speakingFrames / 100, 0.01);
}

/** How far the envelope falls from the peak at f before rising again, in one direction. */
function dipDepth(smooth: Float64Array, f: number, direction: 1 | -1): number {
  let lowest = smooth[f]!;
  for (
    let k = f + direction;
    k >= 0 && k < smooth.length && Math.abs(k - f) <= 40;
    k += direction
  ) {
    lowest = Math.min(lowest, smooth[k]!);
    if (smooth[k]! > smooth[f]!) break;
  }
  return smooth[f]! - lowest;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
