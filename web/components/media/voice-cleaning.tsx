import type { VoiceCleaning } from '@contract/avatar-video';
import { formatDuration } from '@web/lib/format-time';

/** The words cut are listed up to this many; a long list would bury the summary. */
const LISTED_WORDS = 12;

/** "6.4 s" under a minute, where whole seconds would hide a short cut; "1:42" above. */
function length(ms: number, other: number): string {
  return Math.max(ms, other) < 60_000 ? `${(ms / 1000).toFixed(1)} s` : formatDuration(ms / 1000);
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/**
 * What the video's sound left out of the teacher's recording, in one sentence:
 * "Removed 3 words and 0.8 s of pauses: 6.4 s → 4.8 s." Pauses under a tenth of a second
 * are not worth naming.
 */
export function cleaningSummary(cleaning: VoiceCleaning): string {
  if (!cleaning.aligned) {
    return 'Your recording is used as it is: its words could not be matched to the transcript, so nothing was cut and the captions follow its loudness.';
  }
  const words = cleaning.removedWords.length;
  const pauses = cleaning.pausesMs >= 100 ? cleaning.pausesMs : 0;
  if (words === 0 && pauses === 0) {
    return 'Nothing was cut from your recording: it has no fillers or long pauses.';
  }
  const parts = [
    words > 0 ? `${words} ${words === 1 ? 'word' : 'words'}` : null,
    pauses > 0 ? `${seconds(pauses)} of pauses` : null,
  ].filter(Boolean);
  const { originalDurationMs: before, cleanedDurationMs: after } = cleaning;
  return `Removed ${parts.join(' and ')}: ${length(before, after)} → ${length(after, before)}.`;
}

/** Under a video made from the teacher's recording: what was cut, and that the original is kept. */
export function VoiceCleaningNote({ cleaning }: { cleaning: VoiceCleaning }) {
  const listed = cleaning.removedWords.slice(0, LISTED_WORDS);
  const more = cleaning.removedWords.length - listed.length;
  return (
    <div className="space-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{cleaningSummary(cleaning)}</p>
      {listed.length > 0 ? (
        <p>
          Cut: {listed.map((word) => `“${word}”`).join(', ')}
          {more > 0 ? ` and ${more} more` : ''}.
        </p>
      ) : null}
      <p>Your original recording is kept as it was.</p>
    </div>
  );
}
