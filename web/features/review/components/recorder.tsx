import {
  currentClipId,
  stopPlayback,
  toggleClip,
  usePlayback,
} from '@web/components/feedback/audio-playback';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { formatDuration } from '@web/lib/format-time';
import { useLiveTranscript } from '@web/lib/use-live-transcript';
import { type Recording, useRecorder } from '@web/lib/use-recorder';
import { Mic, Pause, Play, Save, Square, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

// Spec §9: feedback recordings stop by themselves at 60 seconds.
const FEEDBACK_MAX_SECONDS = 60;
const PREVIEW_CLIP = 'recorder-preview';

export interface RecordedFeedback {
  recording: Recording;
  /** The teacher's optional written note, saved as the item's content. */
  note: string;
  /** Only what the browser's dictation heard, when the teacher turned it on. */
  transcript?: string;
}

interface RecorderProps {
  /** Spec §5: Start Recording stays disabled until text is selected. */
  disabled: boolean;
  onStart: () => void;
  /** Resolves true when saved; the recorder then goes back to ready. */
  onSave: (feedback: RecordedFeedback) => Promise<boolean>;
}

export function Recorder({ disabled, onStart, onSave }: RecorderProps) {
  const recorder = useRecorder({ maxSeconds: FEEDBACK_MAX_SECONDS });
  const live = useLiveTranscript();
  const playback = usePlayback();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const { status, recording } = recorder;

  // Auto-stop at the limit ends dictation as well.
  useEffect(() => {
    if (status === 'recorded') live.stop();
  }, [status, live.stop]);

  useEffect(
    () => () => {
      if (currentClipId() === PREVIEW_CLIP) stopPlayback();
    },
    [],
  );

  const start = async () => {
    if (await recorder.start()) {
      live.start();
      onStart();
    }
  };

  const discard = () => {
    if (currentClipId() === PREVIEW_CLIP) stopPlayback();
    recorder.discard();
    live.reset();
    setNote('');
  };

  const save = async () => {
    if (!recording) return;
    if (currentClipId() === PREVIEW_CLIP) stopPlayback();
    setSaving(true);
    const transcript = live.enabled ? live.heard() : undefined;
    const saved = await onSave({ recording, note: note.trim(), transcript });
    setSaving(false);
    if (saved) discard();
  };

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
            {formatDuration(recorder.elapsed)} / {formatDuration(FEEDBACK_MAX_SECONDS)}
          </span>
        </div>
        {live.enabled ? (
          <p className="min-h-10 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            {live.failed
              ? 'Your browser could not transcribe this recording. You can type a note after it.'
              : live.text || 'Listening…'}
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
    const isPreview = playback.clipId === PREVIEW_CLIP;
    const playing = isPreview && (playback.status === 'playing' || playback.status === 'loading');
    return (
      <div className="space-y-3">
        <div className="flex items-center gap-3">
          <Button
            variant="secondary"
            size="icon"
            onClick={() => toggleClip(PREVIEW_CLIP, recording.url)}
            aria-label={playing ? 'Pause recording' : 'Play recording'}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </Button>
          <p className="text-sm text-slate-700 tabular-nums">
            {isPreview ? `${formatDuration(playback.position)} / ` : 'Recorded clip, '}
            {formatDuration(recording.duration)}
          </p>
        </div>
        {live.enabled && live.text ? (
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              Live transcript
            </p>
            <p className="mt-1 text-sm text-slate-800">{live.text}</p>
          </div>
        ) : null}
        <div className="space-y-1.5">
          <Label htmlFor={noteId}>Written note (optional)</Label>
          <Textarea
            id={noteId}
            value={note}
            maxLength={5000}
            onChange={(event) => setNote(event.target.value)}
            placeholder="A few words the pupil can read alongside the recording"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={save} disabled={saving}>
            <Save aria-hidden="true" />
            {saving ? 'Saving…' : 'Save Audio Feedback'}
          </Button>
          <Button variant="outline" onClick={discard} disabled={saving}>
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <Button onClick={start} disabled={disabled || status === 'requesting'}>
        <Mic aria-hidden="true" />
        {status === 'requesting' ? 'Waiting for microphone…' : 'Start Recording'}
      </Button>
      <p className="text-xs text-slate-600">
        Up to {formatDuration(FEEDBACK_MAX_SECONDS)}.{' '}
        {live.enabled
          ? 'Live transcription is on: your browser writes down what you say.'
          : 'You can add a written note after recording.'}
      </p>
    </div>
  );
}
