import type { AudioProcessResponse } from '@contract/feedback';
import { apiFetch } from './api';
import { blobToDataUrl } from './blob-to-data-url';

/**
 * Stores the recording and measures it. The transcript is only what the browser's own
 * dictation heard (when the teacher turned it on); nothing is sent otherwise.
 */
export async function processAudio(
  recording: Blob,
  transcript?: string,
): Promise<AudioProcessResponse> {
  const audioData = await blobToDataUrl(recording);
  return apiFetch<AudioProcessResponse>('/api/audio/process', {
    method: 'POST',
    body: transcript?.trim() ? { audioData, transcript: transcript.trim() } : { audioData },
  });
}
