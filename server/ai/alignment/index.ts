/*
 * Forced alignment of a known transcript to a recording, offline and without a model: the
 * transcript is synthesized (eSpeak NG), and the recording's MFCC features are warped onto
 * the synthesized speech's, whose word and phoneme times the synthesizer reports. The
 * result is the same SpeechTiming the synthesizer gives the renderer, so captions and
 * mouth shapes follow a teacher's recording as they follow synthesized speech. See
 * decision 0046.
 */
import type { VoiceSettings } from '../media-types';
import { ANALYSIS_RATE, decodeMono } from './decode';
import { alignSamples, type RecordingTiming } from './transcript-alignment';

export type { FitQuality } from './align';
export type { Cut } from './cut-plan';
export { prepareRecordedVoiceIsolated } from './isolated';
export {
  type PreparedVoice,
  prepareRecordedVoice,
  type RecordedVoiceInput,
} from './recorded-voice';
export type { RecordingTiming } from './transcript-alignment';

/**
 * When each word of `transcript` (with its character offsets in it) and each IPA phoneme
 * is said in `recording` (any format ffmpeg reads). Null when the transcript is empty,
 * the recording silent, or the transcript does not fit the recording: the caller then
 * times captions by the voiced stretches and moves the mouth by loudness.
 */
export async function alignTranscript(input: {
  recording: Uint8Array;
  transcript: string;
  /** The teacher's measured voice, when the profile has one. */
  voice?: VoiceSettings | null;
}): Promise<RecordingTiming | null> {
  const samples = await decodeMono(input.recording, ANALYSIS_RATE);
  return alignSamples(samples, input.transcript, input.voice ?? null);
}
