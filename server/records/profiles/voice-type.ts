import { eq } from 'drizzle-orm';
import { type VoiceTypeId, voiceTypeOf } from '../../../contract/voice-types';
import type { VoiceSettings } from '../../ai/media-types';
import { DEFAULT_VOICE, espeakSynthesizer, withinVoiceType } from '../../ai/speech-synthesis';
import type { ThrottleRule } from '../../platform/throttle';
import type { AppContext } from '../context';
import type { VoiceRow } from './presenter';
import { voiceProfiles } from './tables';

/** A sentence a parent might hear: long enough to judge a voice, short enough to wait for. */
export const PREVIEW_SENTENCE =
  'Hello, this is how your report videos will sound when I type them instead of recording.';

/** Each preview starts a synthesizer process: plenty for choosing, not a way to load the server. */
const PREVIEWS_PER_TEACHER: ThrottleRule = { limit: 40, windowMs: 10 * 60_000 };

/** The profile's measured voice, or the built-in default when it has none. */
export function measuredVoice(row: Pick<VoiceRow, 'settings'>): VoiceSettings {
  const settings = row.settings as Partial<VoiceSettings> | null;
  if (
    !settings ||
    typeof settings.medianPitchHz !== 'number' ||
    typeof settings.wordsPerMinute !== 'number'
  ) {
    return DEFAULT_VOICE;
  }
  return {
    medianPitchHz: settings.medianPitchHz,
    wordsPerMinute: settings.wordsPerMinute,
    variant: typeof settings.variant === 'string' ? settings.variant : DEFAULT_VOICE.variant,
    voicedSeconds: typeof settings.voicedSeconds === 'number' ? settings.voicedSeconds : 0,
  };
}

/**
 * Keeps the teacher's choice of synthesized voice type on the profile. The measured pitch
 * and pace stay as measured; the type decides which band the pitch is used in.
 */
export async function chooseVoiceType(ctx: AppContext, row: VoiceRow, variant: VoiceTypeId) {
  const settings = { ...measuredVoice(row), variant: voiceTypeOf(variant).id };
  const [updated] = await ctx.db
    .update(voiceProfiles)
    .set({ settings })
    .where(eq(voiceProfiles.id, row.id))
    .returning();
  return updated!;
}

/**
 * A few seconds of the built-in synthesizer in this profile's voice, as the chosen (or
 * stored) type would speak a video: a WAV for the page to play.
 */
export async function previewVoiceType(
  ctx: AppContext,
  row: VoiceRow,
  variant: VoiceTypeId | undefined,
): Promise<Buffer> {
  await ctx.throttle.hit(`voice-preview:teacher:${row.teacherId}`, PREVIEWS_PER_TEACHER);
  const measured = measuredVoice(row);
  const voice = withinVoiceType({ ...measured, variant: variant ?? measured.variant });
  return (await espeakSynthesizer.synthesize(PREVIEW_SENTENCE, voice)).wav;
}
