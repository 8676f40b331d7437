import type { FastifyBaseLogger } from 'fastify';
import type { VoiceCleaning } from '../../../contract/avatar-video';
import { type Cut, prepareRecordedVoiceIsolated } from '../../ai/alignment';
import { enhanceTranscript } from '../../ai/enhancement';
import type { SpeechTiming } from '../../ai/media-types';
import { inMediaTurn } from '../../platform/media';

export type VoiceForVideo = {
  /** The sound the video carries: the cleaned recording, or the recording as it is. */
  audio: Buffer;
  /** When each caption word and phoneme is said in that sound; null: by loudness. */
  timing: SpeechTiming | null;
  /** What was left out; null when the recording is used as it is (no text, or no fit). */
  cleaning: VoiceCleaning | null;
};

/**
 * The teacher's recording made ready for the parent's video: the transcript is aligned to
 * it, the words the enhancer dropped (fillers, repeated words, false starts) and pauses
 * over 0.8 s are cut with short crossfades (decision 0046), and the captions take the
 * enhanced words' times in the cleaned sound. Only words the built-in enhancer itself
 * drops from the raw transcript are cut: a word the teacher corrected in the text by hand
 * was still said. The stored recording is only read. When the transcript does not fit the
 * recording (or the alignment fails), the recording is used as it is.
 */
export async function voiceForVideo(
  recording: Buffer,
  text: { transcript: string; enhancedTranscript: string },
  log: FastifyBaseLogger,
): Promise<VoiceForVideo> {
  const asItIs = { audio: recording, timing: null, cleaning: null };
  if (!text.transcript.trim() && !text.enhancedTranscript.trim()) return asItIs;
  let prepared: Awaited<ReturnType<typeof prepareRecordedVoiceIsolated>>;
  try {
    // The alignment's decodes and eSpeak run in its own thread, whose media turns are its
    // own: the whole of it takes one of this process's background turns, so it waits behind
    // a pupil's upload as a render's encoding does.
    prepared = await inMediaTurn('background', () =>
      prepareRecordedVoiceIsolated({
        recording,
        transcript: text.transcript,
        enhancedTranscript: text.enhancedTranscript,
        enhancerOutput: enhanceTranscript(text.transcript),
      }),
    );
  } catch (error) {
    log.warn({ err: error }, 'Recording could not be aligned; the video uses it as it is');
    return asItIs;
  }
  if (!prepared) return asItIs;
  const cleaning: VoiceCleaning = {
    aligned: true,
    originalDurationMs: prepared.originalDurationMs,
    cleanedDurationMs: prepared.cleanedDurationMs,
    removedWords: prepared.cuts.flatMap((cut) => cut.words.map((word) => word.text)),
    pausesMs: Math.round(prepared.cuts.reduce((ms, cut) => ms + pauseIn(cut), 0)),
  };
  // Nothing cut: the recording as recorded (no second encoding), timed by its words.
  const audio = prepared.cuts.length > 0 ? prepared.audio : recording;
  return { audio, timing: prepared.timing, cleaning };
}

/** The part of a cut that was silence: its length less the removed words' own time. */
function pauseIn(cut: Cut): number {
  const spoken = cut.words.reduce(
    (ms, word) =>
      ms + Math.max(0, Math.min(cut.endMs, word.endMs) - Math.max(cut.startMs, word.startMs)),
    0,
  );
  return cut.endMs - cut.startMs - spoken;
}
