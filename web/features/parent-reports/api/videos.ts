import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

/** The renderer's answer (POST generate-video and GET status share it). */
export interface VideoRender {
  renderId: string;
  status: 'queued' | 'rendering' | 'done' | 'failed';
  progress: number;
  engine: string | null;
  voiceSource: 'recording' | 'synthesized';
  error: string | null;
  durationMs: number | null;
  videoUrl: string | null;
  captionsUrl: string | null;
}

export interface GenerateVideoRequest {
  audioData: string;
  transcript?: string;
  enhancedTranscript?: string;
  voice?: 'recording' | 'synthesized';
}

export function generateVideo(body: GenerateVideoRequest): Promise<VideoRender> {
  return apiFetch<VideoRender>('/api/parent-reports/generate-video', { method: 'POST', body });
}

const POLL_MS = 1000;

/** Polls a render until it is done or failed. */
export function useVideoStatus(renderId: string | null) {
  return useQuery<VideoRender, ApiRequestError>({
    queryKey: [`/api/videos/${renderId}/status`],
    enabled: renderId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The recording could not be read'));
    reader.readAsDataURL(blob);
  });
}
