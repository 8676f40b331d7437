import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { formatDuration } from '@web/lib/format-time';
import { useEffect, useRef } from 'react';
import { MAX_RECORDING_SECONDS, useWavRecorder } from '../lib/use-wav-recorder';

const microphoneError = () =>
  toast({
    title: 'Microphone Error',
    description: 'Could not access your microphone. Please check your permissions.',
    variant: 'destructive',
  });

/**
 * Records a WAV sample: ready → recording → recorded (play, discard). A finished recording
 * is the sample: it is handed over as soon as it stops, so the profile can be created
 * without another step; "Record again" starts over.
 */
export function VoiceRecorder({
  saving,
  saved,
  onRecorded,
  onDiscard,
}: {
  saving: boolean;
  /** The recording handed over has been stored as the sample. */
  saved: boolean;
  onRecorded: (recording: Blob) => void;
  onDiscard: () => void;
}) {
  const recorder = useWavRecorder(microphoneError);
  const handedOver = useRef<Blob | null>(null);
  const finished = recorder.state === 'recorded' ? recorder.recording : null;

  useEffect(() => {
    if (!finished || handedOver.current === finished.blob) return;
    handedOver.current = finished.blob;
    onRecorded(finished.blob);
  }, [finished, onRecorded]);

  const discard = () => {
    recorder.discard();
    onDiscard();
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm font-medium text-slate-900">Record a sample</p>
      {recorder.state === 'ready' ? (
        <Button type="button" variant="secondary" onClick={() => void recorder.start()}>
          Start recording
        </Button>
      ) : null}
      {recorder.state === 'recording' ? (
        <div className="flex flex-wrap items-center gap-3">
          <span role="status" className="text-sm font-medium text-red-700">
            Recording… {formatDuration(recorder.seconds)} / {formatDuration(MAX_RECORDING_SECONDS)}
          </span>
          <Button type="button" variant="destructive" onClick={recorder.stop}>
            Stop recording
          </Button>
        </div>
      ) : null}
      {finished ? (
        <div className="space-y-3">
          {/* biome-ignore lint/a11y/useMediaCaption: the teacher's own voice sample, just recorded */}
          <audio controls src={finished.url} className="w-full" aria-label="Your recorded sample" />
          <div className="flex flex-wrap items-center gap-2">
            <p role="status" className="text-sm text-slate-700">
              {saving ? 'Saving your recording…' : saved ? 'This recording is your sample.' : ''}
            </p>
            <Button type="button" variant="outline" onClick={discard} disabled={saving}>
              Record again
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
