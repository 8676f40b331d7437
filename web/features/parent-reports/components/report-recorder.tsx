import type { AudioProcessResponse } from '@contract/feedback';
import { RecorderPanel, useRecordingSession } from '@web/components/recorder/recording-session';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { processAudio } from '@web/lib/process-audio';
import { Save, Trash2 } from 'lucide-react';
import { useState } from 'react';

/** Report recordings stop by themselves at 120 seconds. */
export const REPORT_MAX_SECONDS = 120;

export type TranscriptSource = 'dictation' | 'provider' | 'typed';

export interface ProcessedRecording {
  blob: Blob;
  result: AudioProcessResponse;
  source: TranscriptSource;
}

/** Which engine wrote the transcript: what the browser heard, the server's provider, or nobody. */
export function transcriptSource(dictated: string, transcript: string): TranscriptSource {
  if (!transcript.trim()) return 'typed';
  return dictated && transcript.trim() === dictated.trim() ? 'dictation' : 'provider';
}

/** A spoken report: recorded, heard back, then processed (stored) into a transcript to edit. */
export function ReportRecorder({
  onProcessed,
}: {
  onProcessed: (done: ProcessedRecording) => void;
}) {
  const session = useRecordingSession({
    maxSeconds: REPORT_MAX_SECONDS,
    previewClip: 'report-recorder-preview',
  });
  const [saving, setSaving] = useState(false);
  const { recording } = session.recorder;

  const save = async () => {
    if (!recording) return;
    session.stopPreview();
    setSaving(true);
    const dictated = session.dictated();
    try {
      const result = await processAudio(recording.blob, dictated);
      onProcessed({
        blob: recording.blob,
        result,
        source: transcriptSource(dictated, result.transcript),
      });
    } catch {
      toast({
        title: 'Error processing audio',
        description: 'There was an error processing your recording.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <RecorderPanel
      session={session}
      idleHint="Without live transcription you can type what you said after recording."
      failedDictation="Your browser could not transcribe this recording. You can type the text after it."
    >
      {/* Once processed, the clip is the report's: the form shows it kept (SavedRecording). */}
      <div className="flex flex-wrap gap-2">
        <Button onClick={save} disabled={saving}>
          <Save aria-hidden="true" />
          {saving ? 'Processing…' : 'Save Recording'}
        </Button>
        <Button variant="outline" onClick={session.discard} disabled={saving}>
          <Trash2 aria-hidden="true" />
          Discard
        </Button>
      </div>
    </RecorderPanel>
  );
}
