import type { ExportFeedback } from './types';

/** m:ss, as the player in the app shows it. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The words a reader sees for one item, in the PDF note and the Word comment alike. An
 * audio item cannot play inside a document, so its note carries the transcript and the link.
 */
export function commentText(item: ExportFeedback): string {
  const link = item.type === 'audio' ? safeLink(item.audioUrl) : null;
  return `${commentBody(item)}${link ? ` — listen: ${link}` : ''}`;
}

/**
 * The comment without the audio link, for layouts that show the link on its own. An audio
 * item says what was said (its transcript, when there is one) and the note the teacher wrote
 * with it, labelled as theirs: "Audio feedback (0:04): … — Teacher's note: …".
 */
export function commentBody(item: ExportFeedback): string {
  // A drawing may say all it has to say by itself.
  if (item.type === 'text')
    return item.content || (item.ink ? 'Drawn on the page, no comment.' : '');
  const duration = item.audioDuration === null ? '' : ` (${formatDuration(item.audioDuration)})`;
  const transcript = item.transcript?.trim();
  const note = item.content.trim();
  const said = transcript ? `: ${transcript}` : note ? '' : ': no transcript';
  return `Audio feedback${duration}${said}${note ? ` — Teacher's note: ${note}` : ''}`;
}

/** Only web links become clickable: a `javascript:` or `file:` URL must never reach a reader. */
export function safeLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Reading order: by page, then by position on the page; page-wide notes first. */
export function inReadingOrder(items: ExportFeedback[]): ExportFeedback[] {
  return [...items].sort(
    (a, b) =>
      a.pageNumber - b.pageNumber ||
      (a.startOffset ?? -1) - (b.startOffset ?? -1) ||
      a.createdAt.localeCompare(b.createdAt),
  );
}
