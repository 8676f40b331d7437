import { toast } from '@web/components/ui/use-toast';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'recorded';

export interface Recording {
  blob: Blob;
  url: string;
  /** Seconds, measured while recording; the server measures the file again. */
  duration: number;
}

/** Opus in WebM where the browser records it (Chrome, Firefox, Edge); MP4/AAC for Safari. */
function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || !MediaRecorder.isTypeSupported) return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
}

function microphoneError() {
  toast({
    title: 'Microphone Error',
    description: 'Could not access your microphone. Please check your permissions.',
    variant: 'destructive',
  });
}

/**
 * Ready → recording (timer ticks every second, auto-stop at the maximum) → a
 * recorded clip that can be played, discarded or saved. A refused or missing microphone
 * leaves the recorder idle.
 */
export function useRecorder({ maxSeconds = 60 }: { maxSeconds?: number } = {}) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timersRef = useRef<ReturnType<typeof setTimeout>[]>([]);
  const urlRef = useRef<string | null>(null);

  const clearTimers = useCallback(() => {
    for (const timer of timersRef.current) clearTimeout(timer);
    timersRef.current = [];
  }, []);

  const releaseMicrophone = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const stop = useCallback(() => {
    clearTimers();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, [clearTimers]);

  const start = useCallback(async (): Promise<boolean> => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      microphoneError();
      return false;
    }
    setStatus('requesting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setStatus('idle');
      microphoneError();
      return false;
    }
    const mimeType = pickMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      for (const track of stream.getTracks()) track.stop();
      setStatus('idle');
      microphoneError();
      return false;
    }
    streamRef.current = stream;
    recorderRef.current = recorder;
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      releaseMicrophone();
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      const duration = Math.min(maxSeconds, (Date.now() - startedAt) / 1000);
      setRecording({ blob, url, duration });
      setStatus('recorded');
    };
    // A timeslice makes the browser hand over data as it goes, so a long clip is not lost
    // to one failed final chunk.
    recorder.start(1000);
    setElapsed(0);
    setStatus('recording');
    const tick = () => {
      const seconds = Math.floor((Date.now() - startedAt) / 1000);
      setElapsed(Math.min(seconds, maxSeconds));
      timersRef.current.push(setTimeout(tick, 1000 - ((Date.now() - startedAt) % 1000)));
    };
    timersRef.current.push(setTimeout(tick, 1000));
    timersRef.current.push(setTimeout(stop, maxSeconds * 1000));
    return true;
  }, [maxSeconds, releaseMicrophone, stop]);

  const discard = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setRecording(null);
    setElapsed(0);
    setStatus('idle');
  }, []);

  // Leaving the page must switch the microphone off and free the clip.
  useEffect(
    () => () => {
      clearTimers();
      const recorder = recorderRef.current;
      if (recorder) {
        recorder.onstop = null;
        if (recorder.state !== 'inactive') recorder.stop();
      }
      releaseMicrophone();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [clearTimers, releaseMicrophone],
  );

  return { status, elapsed, maxSeconds, recording, start, stop, discard };
}
