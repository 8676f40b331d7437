import {
  currentClipId,
  stopPlayback,
  toggleClip,
  usePlayback,
} from '@web/components/feedback/audio-playback';
import { Button } from '@web/components/ui/button';
import { formatDuration } from '@web/lib/format-time';
import { useLiveTranscript } from '@web/lib/use-live-transcript';
import { useRecorder } from '@web/lib/use-recorder';
import { Mic, Pause, Play, Square } from 'lucide-react';
import { type ReactNode, useCallback, useEffect } from 'react';

/*
 * One recorder for every place a teacher records (feedback on a passage, a parent report):
 * the microphone, the browser's live dictation when the teacher turned it on, the timer and
 * automatic stop at the limit, and the preview of the clip. What happens to a finished clip
 * (saved with a note, processed for a report) is the caller's: its actions render below.
 */

export type RecordingSession = ReturnType<typeof useRecordingSession>;

export function useRecordingSession(options: { maxSeconds: number; previewClip: string }) {
  const recorder = useRecorder({ maxSeconds: options.maxSeconds });
  const live = useLiveTranscript();
  const playback = usePlayback();
  const { previewClip } = options;

  // Stopping, by hand or at the limit, ends dictation as well.
  useEffect(() => {
    if (recorder.status === 'recorded') live.stop();
  }, [recorder.status, live.stop]);

  const stopPreview = useCallback(() => {
    if (currentClipId() === previewClip) stopPlayback();
  }, [previewClip]);
  useEffect(() => stopPreview, [stopPreview]);

  const start = async () => {
    if (!(await recorder.start())) return false;
    live.start();
    return true;
  };
  const discard = () => {
    stopPreview();
    recorder.discard();
    live.reset();
  };
  /** What the browser's dictation heard, when it was on; otherwise nothing was sent anywhere. */
  const dictated = () => (live.enabled ? live.heard() : '');

  return {
    ...options,
    recorder,
    live,
    playback,
    start,
    discard,
    stopPreview,
    dictated,
  };
}

/** The recorder as the teacher sees it in each state; `recordedActions` follow a finished clip. */
export function RecorderPanel({
  session,
  disabled = false,
  onStart,
  idleHint,
  failedDictation,
  children: recordedActions,
}: {
  session: RecordingSession;
  disabled?: boolean;
  onStart?: () => void;
  /** Said under Start when dictation is off. */
  idleHint: string;
  /** Said when the browser could not transcribe. */
  failedDictation: string;
  children: ReactNode;
}) {
  const { recorder, live, playback, maxSeconds, previewClip } = session;
  const { status, recording } = recorder;

  if (status === 'recording') {
    return (
      <div className="space-y-3">
        <div className="flex items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2">
          <span
            className="size-3 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none"
            aria-hidden="true"
          />
          <span className="text-sm font-medium text-red-800">Recording</span>
          <span
            role="timer"
            aria-label="Recording time"
            className="ml-auto text-sm text-red-800 tabular-nums"
          >
            {formatDuration(recorder.elapsed)} / {formatDuration(maxSeconds)}
          </span>
        </div>
        {live.enabled ? (
          <p className="min-h-10 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            {live.failed ? failedDictation : live.text || 'Listening…'}
          </p>
        ) : null}
        <Button variant="destructive" onClick={recorder.stop}>
          <Square aria-hidden="true" />
          Stop Recording
        </Button>
      </div>
    );
  }

  if (status === 'recorded' && recording) {
    const isPreview = playback.clipId === previewClip;
    const playing = isPreview && (playback.status === 'playing' || playback.status === 'loading');
    return (
      <div className="space-y-3">
        <div className="flex items-center gap-3">
          <Button
            variant="secondary"
            size="icon"
            onClick={() => toggleClip(previewClip, recording.url)}
            aria-label={playing ? 'Pause recording' : 'Play recording'}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </Button>
          <p className="text-sm text-slate-700 tabular-nums">
            {isPreview ? `${formatDuration(playback.position)} / ` : 'Recorded clip, '}
            {formatDuration(recording.duration)}
          </p>
        </div>
        {recordedActions}
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <Button
        onClick={async () => {
          if (await session.start()) onStart?.();
        }}
        disabled={disabled || status === 'requesting'}
      >
        <Mic aria-hidden="true" />
        {status === 'requesting' ? 'Waiting for microphone…' : 'Start Recording'}
      </Button>
      <p className="text-xs text-slate-600">
        Up to {formatDuration(maxSeconds)}.{' '}
        {live.enabled
          ? 'Live transcription is on: your browser writes down what you say.'
          : idleHint}
      </p>
    </div>
  );
}
