import type {
  GenerateVideoRequest,
  GenerateVideoResponse,
  VideoStatus,
} from '@contract/avatar-video';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const videoStatusUrl = (renderId: string) => `/api/videos/${renderId}/status`;

/** Polls a render's progress every second until it is done or has failed. */
export function useVideoStatus(renderId: string) {
  return useQuery<VideoStatus, ApiRequestError>({
    queryKey: [videoStatusUrl(renderId)],
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });
}

export function useGenerateVideo() {
  return useMutation<GenerateVideoResponse, ApiRequestError, GenerateVideoRequest>({
    mutationFn: (body) =>
      apiFetch<GenerateVideoResponse>('/api/parent-reports/generate-video', {
        method: 'POST',
        body,
      }),
  });
}
