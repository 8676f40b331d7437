import type { AudioProcessResponse } from '@contract/feedback';
import { RecorderPanel, useRecordingSession } from '@web/components/recorder/recording-session';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { processAudio } from '@web/lib/process-audio';
import { Mic, Save, Trash2 } from 'lucide-react';
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

/** A spoken report: recorded, heard back, then processed into a transcript to edit. */
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
  // Once processed, the clip is the report's: the recorder says so instead of offering Save again.
  const [saved, setSaved] = useState(false);
  const { recording } = session.recorder;

  const discard = () => {
    session.discard();
    setSaved(false);
  };

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
      setSaved(true);
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
      {saved ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-green-800" role="status">
            Recording saved.
          </p>
          <Button variant="outline" size="sm" onClick={discard}>
            <Mic aria-hidden="true" />
            Record Again
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={save} disabled={saving}>
            <Save aria-hidden="true" />
            {saving ? 'Processing…' : 'Save Recording'}
          </Button>
          <Button variant="outline" onClick={discard} disabled={saving}>
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        </div>
      )}
    </RecorderPanel>
  );
}
