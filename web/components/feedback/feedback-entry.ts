/**
 * The fields the feedback cards need, common to a shared link's items and a pupil's
 * assignment list (contract/sharing.ts and contract/pupil-portal.ts).
 */
export interface FeedbackEntry {
  id: number;
  type: 'text' | 'audio';
  pageNumber: number;
  content: string;
  highlightedText: string | null;
  audioUrl: string | null;
  audioDuration: number | null;
  transcript?: string | null;
  startOffset?: number | null;
  endOffset?: number | null;
}

/** What was said in an audio item: its transcript, else the text sent with it. */
export function spokenText(entry: FeedbackEntry): string | null {
  return entry.transcript?.trim() || entry.content.trim() || null;
}
