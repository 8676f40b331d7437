import type { GenerateVideoResponse, VideoStatus } from '../../../contract/avatar-video';
import type { videoRenders } from './tables';

export type RenderRow = typeof videoRenders.$inferSelect;

/** The random render id in the address is the permission to play (parents get it later). */
export const videoUrl = (renderId: string) => `/api/videos/${renderId}`;
export const captionsUrl = (renderId: string) => `/api/videos/${renderId}/captions.vtt`;

export function presentStatus(row: RenderRow): VideoStatus {
  return {
    renderId: row.id,
    status: row.status,
    progress: row.progress,
    engine: row.engine,
    voiceSource: row.voiceSource,
    error: row.error,
    durationMs: row.durationMs,
    cleaning: row.status === 'done' ? (row.voiceCleaning ?? null) : null,
    videoUrl: videoUrl(row.id),
    captionsUrl: captionsUrl(row.id),
  };
}

export function presentCreated(row: RenderRow): GenerateVideoResponse {
  return {
    ...presentStatus(row),
    transcript: row.transcript,
    enhancedTranscript: row.enhancedTranscript,
  };
}
