import type { VoiceSettings } from '../media-types';
import { DEFAULT_VOICE } from '../speech-synthesis';
import { framePitch } from '../voice-analysis';
import { ANALYSIS_RATE } from './decode';

const FRAME = ANALYSIS_RATE / 100;
/** Pitch is measured on this many of the loudest frames: plenty for a median, and quick. */
const FRAMES_MEASURED = 200;
/** Analysis window plus the longest pitch lag the tracker looks at (60 Hz). */
const TRACKER_REACH = Math.ceil(ANALYSIS_RATE * 0.04 + ANALYSIS_RATE / 60 + 2);
/** Below this median pitch eSpeak's male variant is the nearer voice by pitch (as for voice profiles). */
const MALE_BELOW_HZ = 165;

/**
 * A male and a female synthesizer voice at the median pitch of the recording's loudest
 * frames (16 kHz samples), the nearer one by pitch first. Which one fits a voice better
 * is found by aligning with both.
 */
export function referenceVoices(samples: Float32Array): VoiceSettings[] {
  const loudness: Array<{ start: number; energy: number }> = [];
  for (let start = 0; start + TRACKER_REACH < samples.length; start += FRAME) {
    let energy = 0;
    for (let i = start; i < start + FRAME; i++) energy += samples[i]! * samples[i]!;
    loudness.push({ start, energy });
  }
  loudness.sort((a, b) => b.energy - a.energy);
  const pitches: number[] = [];
  for (const { start } of loudness.slice(0, FRAMES_MEASURED)) {
    const pitch = framePitch(samples, start);
    if (pitch !== null) pitches.push(pitch);
  }
  pitches.sort((a, b) => a - b);
  const medianPitchHz = Math.round(pitches[pitches.length >> 1] ?? DEFAULT_VOICE.medianPitchHz);
  const male = {
    ...DEFAULT_VOICE,
    medianPitchHz: Math.min(medianPitchHz, MALE_BELOW_HZ),
    variant: 'm3',
  };
  const female = {
    ...DEFAULT_VOICE,
    medianPitchHz: Math.max(medianPitchHz, MALE_BELOW_HZ),
    variant: 'f3',
  };
  return medianPitchHz < MALE_BELOW_HZ ? [male, female] : [female, male];
}
