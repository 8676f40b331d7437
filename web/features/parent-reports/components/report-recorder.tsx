import type { AudioProcessResponse } from '@contract/feedback';
import {
  currentClipId,
  stopPlayback,
  toggleClip,
  usePlayback,
} from '@web/components/feedback/audio-playback';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { formatDuration } from '@web/lib/format-time';
import { processAudio } from '@web/lib/process-audio';
import { useLiveTranscript } from '@web/lib/use-live-transcript';
import { useRecorder } from '@web/lib/use-recorder';
import { Mic, Pause, Play, Save, Square, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';

// Spec (entry-pupils-admin, recorder): report recordings stop by themselves at 120 seconds.
export const REPORT_MAX_SECONDS = 120;
const PREVIEW_CLIP = 'report-recorder-preview';

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

export function ReportRecorder({
  onProcessed,
}: {
  onProcessed: (done: ProcessedRecording) => void;
}) {
  const recorder = useRecorder({ maxSeconds: REPORT_MAX_SECONDS });
  const live = useLiveTranscript();
  const playback = usePlayback();
  const [saving, setSaving] = useState(false);
  // Once processed, the clip is the report's: the recorder says so instead of offering Save again.
  const [saved, setSaved] = useState(false);
  const { status, recording } = recorder;

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
    if (await recorder.start()) live.start();
  };

  const discard = () => {
    if (currentClipId() === PREVIEW_CLIP) stopPlayback();
    recorder.discard();
    live.reset();
    setSaved(false);
  };

  const save = async () => {
    if (!recording) return;
    if (currentClipId() === PREVIEW_CLIP) stopPlayback();
    setSaving(true);
    const dictated = live.enabled ? live.heard() : '';
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
            {formatDuration(recorder.elapsed)} / {formatDuration(REPORT_MAX_SECONDS)}
          </span>
        </div>
        {live.enabled ? (
          <p className="min-h-10 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            {live.failed
              ? 'Your browser could not transcribe this recording. You can type the text after it.'
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
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <Button onClick={start} disabled={status === 'requesting'}>
        <Mic aria-hidden="true" />
        {status === 'requesting' ? 'Waiting for microphone…' : 'Start Recording'}
      </Button>
      <p className="text-xs text-slate-600">
        Up to {formatDuration(REPORT_MAX_SECONDS)}.{' '}
        {live.enabled
          ? 'Live transcription is on: your browser writes down what you say.'
          : 'Without live transcription you can type what you said after recording.'}
      </p>
    </div>
  );
}
