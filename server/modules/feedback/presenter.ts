import type { FeedbackItem } from '../../../contract/feedback';
import type { AssignmentFeedback } from '../../../contract/pupil-portal';
import type { SharedFeedbackItem } from '../../../contract/sharing';
import type { feedback } from '../../db/schema';

type FeedbackRow = typeof feedback.$inferSelect;

/** Audio is served by an unguessable file id; the address itself is the permission. */
export function audioUrl(fileId: string | null): string | null {
  return fileId ? `/api/audio/${fileId}` : null;
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

/** Audio addresses stay relative: the page plays them from whichever host it was opened on. */
export function presentSharedFeedback(row: FeedbackRow): SharedFeedbackItem {
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
  };
}
