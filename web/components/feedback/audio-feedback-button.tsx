import { cn } from '@web/lib/cn';
import { formatDuration } from '@web/lib/format-time';
import { LoaderCircle, Pause, Play } from 'lucide-react';
import { useEffect } from 'react';
import {
  currentClipId,
  PLAYBACK_RATES,
  type PlaybackRate,
  seekClip,
  setPlaybackRate,
  stopPlayback,
  toggleClip,
  usePlayback,
} from './audio-playback';

/** The seek slider moves in tenths of a second, fine enough to find a word again. */
const SEEK_STEP_SECONDS = 0.1;

interface AudioFeedbackButtonProps {
  /** Unique on the page: the shared player knows clips by this id. */
  clipId: string;
  url: string;
  /** Seconds, as the server measured the recording. */
  duration: number | null;
  className?: string;
}

/** "0.75×", "1×", "1.5×": how players name their speeds. */
const rateLabel = (rate: number) => `${rate}×`;

/**
 * Play/pause for one audio feedback clip, with its length and, while it plays, how far in,
 * and the speed to play at (the page's one player has one speed, so every clip shares it).
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
  // The server's measure first; for an older item without one, the browser's once loaded.
  const total = duration ?? (isCurrent ? playback.length : null) ?? 0;
  const seekable = total > 0;
  const position = isCurrent ? playback.position : 0;

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
        {/* A native range: arrow keys step 0.1 s, Home and End jump to the ends, and screen
            readers announce it as a slider with the label and position below. */}
        <input
          type="range"
          min={0}
          max={seekable ? total : 1}
          step={SEEK_STEP_SECONDS}
          value={seekable ? Math.min(position, total) : 0}
          disabled={!seekable}
          aria-label={`Seek audio feedback, ${length}`}
          aria-valuetext={`${position.toFixed(1)} of ${total.toFixed(1)} seconds`}
          onChange={(event) => seekClip(clipId, url, Number(event.currentTarget.value))}
          className="block h-4 w-full cursor-pointer accent-indigo-600 disabled:cursor-default"
        />
        <p className="mt-1 text-xs text-slate-600 tabular-nums" aria-hidden="true">
          {isCurrent && playback.status !== 'loading'
            ? `${formatDuration(position)} / ${length}`
            : length}
        </p>
      </div>
      <select
        aria-label="Playback speed"
        value={playback.rate}
        onChange={(event) => setPlaybackRate(Number(event.currentTarget.value) as PlaybackRate)}
        className="h-8 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white px-1.5 text-xs font-medium text-slate-800 tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {PLAYBACK_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {rateLabel(rate)}
          </option>
        ))}
      </select>
    </div>
  );
}
