import { FEEDBACK_RECORDING_SECONDS } from '../../../contract/recording-limits';
import { cutAudio } from '../../platform/media';
import type { AppContext } from '../../records/context';
import { inspectAudio, storeFile } from '../uploads';

async function transcribe(
  ctx: AppContext,
  bytes: Buffer,
  audio: { contentType: string; extension: string },
  dictated: string | null | undefined,
): Promise<string> {
  const fromBrowser = dictated?.trim() ?? '';
  if (!ctx.ai.transcriber.available) return fromBrowser;
  try {
    return (
      (await ctx.ai.transcriber.transcribe(bytes, audio.contentType, audio.extension)) ||
      fromBrowser
    );
  } catch (error) {
    // The recording is kept either way; the teacher can still type a note.
    ctx.log.warn({ err: error }, 'Transcription provider failed');
    return fromBrowser;
  }
}

/**
 * A clip the recorder stopped at the limit can run a moment past it (its last frames):
 * it is cut at the limit, so no stored recording is longer than the recorder allows. A
 * clip that ffmpeg cannot cut is kept as it came (it is within the grace): losing the
 * teacher's words would be worse than a clip a second too long.
 */
async function withinLimit(
  ctx: AppContext,
  bytes: Buffer,
  audio: Awaited<ReturnType<typeof inspectAudio>>,
) {
  if (audio.durationSeconds <= FEEDBACK_RECORDING_SECONDS) return { bytes, audio };
  const cut = await cutAudio(bytes, audio.container, FEEDBACK_RECORDING_SECONDS);
  if (!cut) {
    ctx.log.warn({ seconds: audio.durationSeconds }, 'A recording over the limit could not be cut');
    return { bytes, audio };
  }
  return { bytes: cut, audio: { ...audio, durationSeconds: FEEDBACK_RECORDING_SECONDS } };
}

/**
 * A teacher's recording: checked by content, cut at the recording limit, stored, and
 * transcribed. Shared by feedback clips and avatar videos.
 */
export async function storeRecording(
  ctx: AppContext,
  teacherId: number,
  received: Buffer,
  dictated: string | null | undefined,
  name = 'feedback',
) {
  const { bytes, audio } = await withinLimit(ctx, received, await inspectAudio(received));
  const file = await storeFile(ctx, {
    teacherId,
    bytes,
    originalName: `${name}.${audio.extension}`,
    contentType: audio.contentType,
    extension: audio.extension,
    uploadedBy: 'teacher',
  });
  // A configured provider transcribes the clip; otherwise the transcript is what the
  // browser's dictation heard (if the teacher opted in), and with neither it stays
  // empty rather than invented.
  const transcript = await transcribe(ctx, bytes, audio, dictated);
  return { file, durationSeconds: audio.durationSeconds, transcript };
}
