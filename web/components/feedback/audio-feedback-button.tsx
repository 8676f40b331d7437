import { cn } from '@web/lib/cn';
import { formatDuration } from '@web/lib/format-time';
import { LoaderCircle, Pause, Play } from 'lucide-react';
import { useEffect } from 'react';
import { currentClipId, stopPlayback, toggleClip, usePlayback } from './audio-playback';

interface AudioFeedbackButtonProps {
  /** Unique on the page: the shared player knows clips by this id. */
  clipId: string;
  url: string;
  /** Seconds, as the server measured the recording. */
  duration: number | null;
  className?: string;
}

/**
 * Play/pause for one audio feedback clip, with its length and, while it plays, how far in.
 * Its name says what it does and how long it lasts: "Play audio feedback, 0:03".
 */
export function AudioFeedbackButton({
  clipId,
  url,
  duration,
  className,
}: AudioFeedbackButtonProps) {
  const playback = usePlayback();
  const isCurrent = playback.clipId === clipId;
  const isPlaying = isCurrent && playback.status === 'playing';
  const isLoading = isCurrent && playback.status === 'loading';
  const length = formatDuration(duration);
  const fraction = isCurrent && duration ? Math.min(1, playback.position / duration) : 0;

  // Leaving the page (or the clip's card) must not leave a voice talking in the background.
  useEffect(
    () => () => {
      if (currentClipId() === clipId) stopPlayback();
    },
    [clipId],
  );

  const Icon = isLoading ? LoaderCircle : isPlaying ? Pause : Play;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <button
        type="button"
        onClick={() => toggleClip(clipId, url)}
        aria-label={`${isPlaying ? 'Pause' : 'Play'} audio feedback, ${length}`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white shadow-sm transition-colors hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Icon className={cn('size-5', isLoading && 'animate-spin')} aria-hidden="true" />
      </button>
      <div className="min-w-0 flex-1">
        <div className="h-1.5 w-full overflow-hidden rounded-full bg-indigo-100" aria-hidden="true">
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width] duration-200"
            style={{ width: `${Math.round(fraction * 100)}%` }}
          />
        </div>
        <p className="mt-1 text-xs text-slate-600 tabular-nums">
          {isCurrent && playback.status !== 'loading' ? (
            <>
              <span className="sr-only">Played </span>
              {formatDuration(playback.position)} / {length}
            </>
          ) : (
            <>
              <span className="sr-only">Length </span>
              {length}
            </>
          )}
        </p>
      </div>
    </div>
  );
}
