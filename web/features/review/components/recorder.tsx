import { FEEDBACK_RECORDING_SECONDS } from '@contract/recording-limits';
import { RecorderPanel, useRecordingSession } from '@web/components/recorder/recording-session';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import type { Recording } from '@web/lib/use-recorder';
import { Save, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';

export interface RecordedFeedback {
  recording: Recording;
  /** The teacher's optional written note, saved as the item's content. */
  note: string;
  /** Only what the browser's dictation heard, when the teacher turned it on. */
  transcript?: string;
}

interface RecorderProps {
  /** Start Recording stays disabled until text is selected. */
  disabled: boolean;
  onStart: () => void;
  /** Resolves true when saved; the recorder then goes back to ready. */
  onSave: (feedback: RecordedFeedback) => Promise<boolean>;
}

/** Spoken feedback on a passage: recorded, heard back, with a written note, then saved. */
export function Recorder({ disabled, onStart, onSave }: RecorderProps) {
  const session = useRecordingSession({
    maxSeconds: FEEDBACK_RECORDING_SECONDS,
    previewClip: 'recorder-preview',
  });
  const noteId = useId();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const { live, recorder } = session;

  const discard = () => {
    session.discard();
    setNote('');
  };

  const save = async () => {
    if (!recorder.recording) return;
    session.stopPreview();
    setSaving(true);
    const transcript = live.enabled ? live.heard() : undefined;
    const saved = await onSave({ recording: recorder.recording, note: note.trim(), transcript });
    setSaving(false);
    if (saved) discard();
  };

  return (
    <RecorderPanel
      session={session}
      disabled={disabled}
      onStart={onStart}
      idleHint="You can add a written note after recording."
      failedDictation="Your browser could not transcribe this recording. You can type a note after it."
    >
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
    </RecorderPanel>
  );
}
