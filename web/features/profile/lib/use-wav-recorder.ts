import { useCallback, useEffect, useRef, useState } from 'react';
import { encodeWav } from './wav-encoder';

export type RecorderState = 'ready' | 'recording' | 'recorded';

/** The recorder stops itself after 60 seconds by default. */
export const MAX_RECORDING_SECONDS = 60;

// Served as a file from this origin (web/public): the CSP refuses blob: and data: scripts.
const WORKLET_URL = '/worklets/capture-worklet.js';

type Session = { stream: MediaStream; context: AudioContext; chunks: Float32Array[] };

/**
 * Records the microphone as WAV: raw PCM from getUserMedia through an AudioWorklet,
 * encoded in the page, so no browser codec decides the format. States: ready →
 * recording → recorded (play, discard, save).
 */
export function useWavRecorder(onMicrophoneError: () => void) {
  const [state, setState] = useState<RecorderState>('ready');
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState<{ blob: Blob; url: string } | null>(null);
  const session = useRef<Session | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const release = useCallback(() => {
    window.clearInterval(timer.current);
    const current = session.current;
    session.current = null;
    if (!current) return null;
    for (const track of current.stream.getTracks()) track.stop();
    void current.context.close();
    return current;
  }, []);

  const stop = useCallback(() => {
    const finished = release();
    if (!finished) return;
    const blob = encodeWav(finished.chunks, finished.context.sampleRate);
    setRecording({ blob, url: URL.createObjectURL(blob) });
    setState('recorded');
  }, [release]);

  const start = useCallback(async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      });
    } catch {
      onMicrophoneError();
      return; // the recorder stays ready
    }
    const context = new AudioContext();
    const chunks: Float32Array[] = [];
    try {
      await context.audioWorklet.addModule(WORKLET_URL);
      const node = new AudioWorkletNode(context, 'cv-capture');
      node.port.onmessage = (event: MessageEvent<Float32Array>) => chunks.push(event.data);
      context.createMediaStreamSource(stream).connect(node);
    } catch {
      for (const track of stream.getTracks()) track.stop();
      void context.close();
      onMicrophoneError();
      return;
    }
    session.current = { stream, context, chunks };
    setSeconds(0);
    setState('recording');
    const startedAt = Date.now();
    timer.current = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_RECORDING_SECONDS) stop();
    }, 1000);
  }, [onMicrophoneError, stop]);

  const discard = useCallback(() => {
    if (recording) URL.revokeObjectURL(recording.url);
    setRecording(null);
    setSeconds(0);
    setState('ready');
  }, [recording]);

  useEffect(() => () => void release(), [release]);

  return { state, seconds, recording, start, stop, discard };
}
