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
 * A teacher's recording: checked by content, stored, and transcribed. Shared by feedback
 * clips and avatar videos.
 */
export async function storeRecording(
  ctx: AppContext,
  teacherId: number,
  bytes: Buffer,
  dictated: string | null | undefined,
  name = 'feedback',
) {
  const audio = await inspectAudio(bytes);
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
