import type { SpeechTiming, TimedPhoneme, TimedWord } from '../media-types';

/** What the eSpeak worker reports: starts only, in milliseconds of its audio. */
export type EspeakEvents = {
  words: Array<{ startMs: number; textStart: number; length: number }>;
  phonemes: Array<{ startMs: number; phoneme: string }>;
};

/**
 * Turns eSpeak's start-only events into spans. A phoneme lasts until the next one starts
 * (the last until the audio ends). A word lasts from its start to the end of its last
 * sounding phoneme, so a pause after it (an empty phoneme) is not counted as the word.
 */
export function timingFromEspeak(
  text: string,
  events: EspeakEvents,
  durationMs: number,
): SpeechTiming {
  const starts = [...events.phonemes].sort((a, b) => a.startMs - b.startMs);
  const phonemes: TimedPhoneme[] = starts.map((p, i) => ({
    phoneme: p.phoneme,
    startMs: p.startMs,
    endMs: Math.max(p.startMs, starts[i + 1]?.startMs ?? durationMs),
  }));
  const words: TimedWord[] = [];
  for (const [i, word] of events.words.entries()) {
    const nextStart = events.words[i + 1]?.startMs ?? durationMs;
    let endMs = word.startMs;
    for (const p of phonemes) {
      if (p.startMs < word.startMs || p.startMs >= nextStart) continue;
      if (p.phoneme) endMs = Math.max(endMs, Math.min(p.endMs, nextStart));
    }
    const slice = text.slice(word.textStart, word.textStart + word.length);
    const written = slice.trim();
    if (!written) continue;
    const textStart = word.textStart + slice.indexOf(written);
    words.push({
      text: written,
      startMs: word.startMs,
      endMs: Math.max(endMs, word.startMs + 1),
      textStart,
      textEnd: textStart + written.length,
    });
  }
  return { words, phonemes };
}
