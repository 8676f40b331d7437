import type { FeedbackItem } from '../../../contract/feedback';
import type { AssignmentFeedback } from '../../../contract/pupil-portal';
import type { SharedFeedbackItem } from '../../../contract/sharing';
import type { feedback } from '../../db/schema';

type FeedbackRow = typeof feedback.$inferSelect;

/** Audio is served by an unguessable file id; the address itself is the permission. */
export function audioUrl(fileId: string | null): string | null {
  return fileId ? `/api/audio/${fileId}` : null;
}

/** The teacher's address of a region's picture (the pupil's and the link's are their own). */
export function teacherRegionCropUrl(row: FeedbackRow): string | null {
  return row.regionCropFileId ? `/api/feedback/${row.id}/region-crop` : null;
}

export function presentFeedback(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    documentId: row.documentId,
    type: row.type,
    content: row.content,
    highlightId: row.highlightId,
    pageNumber: row.pageNumber,
    startOffset: row.startOffset,
    endOffset: row.endOffset,
    highlightedText: row.highlightedText,
    audioUrl: audioUrl(row.audioFileId),
    audioDuration: row.audioDuration,
    transcript: row.transcript,
    enhancedTranscript: row.enhancedTranscript,
    timestamp: row.createdAt.toISOString(),
    region: row.region ?? null,
    regionCropUrl: teacherRegionCropUrl(row),
  };
}

/**
 * What a pupil's assignment list carries: no ids of the teacher. An audio item's `content` is
 * the note the teacher wrote with it; what was said comes apart, as `transcript` (the tidied
 * text when there is one), as on a shared link.
 */
export function presentPupilFeedback(row: FeedbackRow): AssignmentFeedback {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    transcript: row.type === 'audio' ? (row.enhancedTranscript ?? row.transcript) : null,
    highlightedText: row.highlightedText,
    pageNumber: row.pageNumber,
    audioUrl: audioUrl(row.audioFileId),
    audioDuration: row.audioDuration,
  };
}

/**
 * Audio addresses stay relative: the page plays them from whichever host it was opened on.
 * A region's picture is served under the view's own address (link or pupil page), so it
 * takes the same key as the view.
 */
export function presentSharedFeedback(
  row: FeedbackRow,
  cropPath: ((id: number) => string) | null = null,
): SharedFeedbackItem {
  return {
    id: row.id,
    type: row.type,
    pageNumber: row.pageNumber,
    content: row.content,
    highlightedText: row.highlightedText,
    startOffset: row.startOffset,
    endOffset: row.endOffset,
    audioUrl: audioUrl(row.audioFileId),
    audioDuration: row.audioDuration,
    transcript: row.enhancedTranscript ?? row.transcript,
    region: row.region ?? null,
    regionCropUrl: row.regionCropFileId && cropPath ? cropPath(row.id) : null,
  };
}
