import { speechRecognitionAvailable, usePreferences } from '@web/lib/teacher-preferences';
import { useCallback, useEffect, useRef, useState } from 'react';

// The Web Speech API is not in TypeScript's DOM types; this is the part used here.
interface RecognitionResult {
  isFinal: boolean;
  0: { transcript: string };
}
interface RecognitionEvent {
  resultIndex: number;
  results: ArrayLike<RecognitionResult>;
}
interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  const w = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * What the browser's dictation hears while the teacher records, only when the teacher
 * opted in under Settings → AI Features and the browser can do it. Otherwise nothing:
 * a transcript is never made up.
 */
export function useLiveTranscript() {
  const { liveTranscription } = usePreferences();
  const enabled = liveTranscription && speechRecognitionAvailable();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const recognitionRef = useRef<Recognition | null>(null);
  const finalRef = useRef('');
  const activeRef = useRef(false);

  const start = useCallback(() => {
    finalRef.current = '';
    setText('');
    setFailed(false);
    const Constructor = enabled ? recognitionConstructor() : null;
    if (!Constructor) return;
    const recognition = new Constructor();
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.lang = document.documentElement.lang || navigator.language || 'en-GB';
    recognition.onresult = (event) => {
      let interim = '';
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        if (!result) continue;
        if (result.isFinal) finalRef.current += `${result[0].transcript.trim()} `;
        else interim += result[0].transcript;
      }
      setText(`${finalRef.current}${interim}`.trim());
    };
    recognition.onerror = (event) => {
      // A silence is routine; anything else (no network, no access to the microphone,
      // refused by the browser) will fail again at once, so stop rather than loop.
      if (event.error === 'no-speech' || event.error === 'aborted') return;
      activeRef.current = false;
      setFailed(true);
      console.warn('Live transcription stopped:', event.error);
    };
    // Browsers end recognition after a silence; carry on while the recording does.
    recognition.onend = () => {
      if (activeRef.current) {
        try {
          recognition.start();
        } catch {
          activeRef.current = false;
        }
      }
    };
    activeRef.current = true;
    recognitionRef.current = recognition;
    try {
      recognition.start();
    } catch (error) {
      activeRef.current = false;
      setFailed(true);
      console.warn('Live transcription could not start:', error);
    }
  }, [enabled]);

  /** Stops listening; the last results still arrive a moment later and are kept. */
  const stop = useCallback(() => {
    activeRef.current = false;
    recognitionRef.current?.stop();
    recognitionRef.current = null;
  }, []);

  /** What was heard for certain (final results only), for saving with the clip. */
  const heard = useCallback(() => finalRef.current.trim(), []);

  const reset = useCallback(() => {
    finalRef.current = '';
    setText('');
  }, []);

  useEffect(
    () => () => {
      activeRef.current = false;
      recognitionRef.current?.abort();
    },
    [],
  );

  return { enabled, text, failed, start, stop, reset, heard };
}
