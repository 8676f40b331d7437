import { voiceTypeOf } from '../../../contract/voice-types';
import type { VoiceSettings } from '../media-types';

/**
 * The pitch each voice type speaks within. A teacher's measured pitch is used inside its
 * type's band and clamped at its edges: a profile measured at 253 Hz that chose a male
 * voice speaks at 135 Hz, not as a high male voice, and one measured at 110 Hz that chose
 * a female voice at 160 Hz. The bands sit inside the ranges listeners hear as one sex or
 * the other (about 85–155 Hz and 165–255 Hz for adult speech), a little in from the edges.
 */
export const VOICE_TYPE_PITCH_HZ = {
  female: { low: 160, high: 260 },
  male: { low: 95, high: 135 },
} as const;

/** The settings a video speaks with: the chosen type, the measured pitch within its band. */
export function withinVoiceType(voice: VoiceSettings): VoiceSettings {
  const type = voiceTypeOf(voice.variant);
  const band = VOICE_TYPE_PITCH_HZ[type.family];
  const measured = Number.isFinite(voice.medianPitchHz) ? voice.medianPitchHz : band.low;
  return {
    ...voice,
    variant: type.id,
    medianPitchHz: Math.min(band.high, Math.max(band.low, measured)),
  };
}
