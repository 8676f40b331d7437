import type { GenerateVideoResponse, VideoStatus } from '@contract/avatar-video';
import { useQuery } from '@tanstack/react-query';
import type { ApiRequestError } from './api';
import { uploadFormData } from './upload-file';

export const videoStatusUrl = (renderId: string) => `/api/videos/${renderId}/status`;

export type VideoRenderFields = {
  voice: 'recording' | 'synthesized';
  /** What was said (dictation) or the text to speak. */
  transcript?: string;
  /** The text as the teacher edited it. */
  enhancedTranscript?: string;
};

/**
 * Starts rendering a report video. The recording goes as a form upload, streamed, not as
 * base64 inside JSON: the server never holds a whole encoded recording in one string.
 */
export function startVideoRender(
  fields: VideoRenderFields,
  recording: Blob | null,
): Promise<GenerateVideoResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
  }
  if (recording) form.append('audio', recording, 'recording');
  return uploadFormData<GenerateVideoResponse>('/api/parent-reports/generate-video', form);
}

const POLL_MS = 1000;

/** Polls a render's progress every second until it is done or has failed. */
export function useVideoStatus(renderId: string | null) {
  return useQuery<VideoStatus, ApiRequestError>({
    queryKey: [renderId ? videoStatusUrl(renderId) : 'no-render'],
    enabled: renderId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
}
