import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { formatDuration } from '@web/lib/format-time';
import { MAX_RECORDING_SECONDS, useWavRecorder } from '../lib/use-wav-recorder';

const microphoneError = () =>
  toast({
    title: 'Microphone Error',
    description: 'Could not access your microphone. Please check your permissions.',
    variant: 'destructive',
  });

/** Records a WAV sample: ready → recording → recorded (play, discard, save). */
export function VoiceRecorder({
  saving,
  onSave,
}: {
  saving: boolean;
  onSave: (recording: Blob) => void;
}) {
  const recorder = useWavRecorder(microphoneError);
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
      {recorder.state === 'recorded' && recorder.recording ? (
        <div className="space-y-3">
          {/* biome-ignore lint/a11y/useMediaCaption: the teacher's own voice sample, just recorded */}
          <audio
            controls
            src={recorder.recording.url}
            className="w-full"
            aria-label="Your recorded sample"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={recorder.discard} disabled={saving}>
              Discard
            </Button>
            <Button
              type="button"
              onClick={() => recorder.recording && onSave(recorder.recording.blob)}
              disabled={saving}
            >
              {saving ? 'Saving…' : 'Save recording'}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
