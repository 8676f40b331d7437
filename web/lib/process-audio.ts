import type { AudioProcessResponse } from '@contract/feedback';
import { uploadFormData } from './upload-file';

/**
 * Stores the recording and measures it. The recording goes as a form upload, streamed,
 * not as base64 inside JSON. The transcript is only what the browser's own dictation heard
 * (when the teacher turned it on); nothing is sent otherwise.
 */
export async function processAudio(
  recording: Blob,
  transcript?: string,
): Promise<AudioProcessResponse> {
  const form = new FormData();
  if (transcript?.trim()) form.append('transcript', transcript.trim());
  form.append('audio', recording, 'recording');
  return uploadFormData<AudioProcessResponse>('/api/audio/process', form);
}
