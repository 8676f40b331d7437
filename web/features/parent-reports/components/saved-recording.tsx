import {
  currentClipId,
  stopPlayback,
  toggleClip,
  usePlayback,
} from '@web/components/feedback/audio-playback';
import { Button } from '@web/components/ui/button';
import { formatDuration } from '@web/lib/format-time';
import { Mic, Pause, Play } from 'lucide-react';
import { useEffect } from 'react';

const CLIP = 'report-saved-recording';

/**
 * The recording the report keeps (this session's, or the one saved with the draft): shown
 * in Step 1 whichever tab was opened meanwhile, to hear again or to replace.
 */
export function SavedRecording({
  src,
  onRecordAgain,
  canRecordAgain = true,
}: {
  src: string;
  onRecordAgain?: () => void;
  canRecordAgain?: boolean;
}) {
  const playback = usePlayback();
  const mine = playback.clipId === CLIP;
  const playing = mine && (playback.status === 'playing' || playback.status === 'loading');
  useEffect(
    () => () => {
      if (currentClipId() === CLIP) stopPlayback();
    },
    [],
  );

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-3">
      {onRecordAgain ? (
        <p className="text-sm font-medium text-green-800" role="status">
          Recording saved.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="icon"
          onClick={() => toggleClip(CLIP, src)}
          aria-label={playing ? 'Pause your recording' : 'Play your recording'}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <p className="text-sm text-slate-700 tabular-nums">
          {mine && playback.length
            ? `${formatDuration(playback.position)} / ${formatDuration(playback.length)}`
            : 'Your recording, kept with this report'}
        </p>
        {canRecordAgain && onRecordAgain ? (
          <Button variant="outline" size="sm" className="ml-auto" onClick={onRecordAgain}>
            <Mic aria-hidden="true" />
            Record Again
          </Button>
        ) : null}
      </div>
    </div>
  );
}
