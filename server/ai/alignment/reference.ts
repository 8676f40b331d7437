import type { TimedPhoneme, VoiceSettings } from '../media-types';
import { espeakSynthesizer, MAX_SYNTHESIS_CHARS, speakableText } from '../speech-synthesis';
import { type TranscriptWord, transcriptWords } from './transcript-words';
import { pcmFromWav } from './wav-samples';

/** What the transcript sounds like when the synthesizer says it, and when each word falls. */
export type Reference = {
  samples: Float32Array;
  sampleRate: number;
  /** The transcript's words, in order. */
  words: TranscriptWord[];
  /** Per transcript word: when the synthesizer said it, or null when it said nothing for it. */
  spans: Array<{ startMs: number; endMs: number } | null>;
  /** The synthesizer's phonemes (IPA; an empty phoneme is a pause). */
  phonemes: TimedPhoneme[];
};

/** Text is spoken in chunks this long at most, cut at a sentence's end where there is one. */
const CHUNK_CHARS = Math.min(1500, MAX_SYNTHESIS_CHARS);

/** Where to cut a long text: after sentence ends, else after spaces, never inside a word. */
export function chunkEnds(text: string): number[] {
  const ends: number[] = [];
  let from = 0;
  while (text.length - from > CHUNK_CHARS) {
    const window = text.slice(from, from + CHUNK_CHARS);
    const sentence = Math.max(...[...window.matchAll(/[.!?…]\s/g)].map((m) => m.index + 1), -1);
    const space = window.lastIndexOf(' ');
    const cut = sentence > CHUNK_CHARS / 3 ? sentence : space > 0 ? space : CHUNK_CHARS;
    ends.push(from + cut);
    from += cut;
  }
  ends.push(text.length);
  return ends;
}

/**
 * Synthesizes the transcript with the offline synthesizer (in the teacher's measured
 * voice when there is one: the closer the two voices, the closer their features) and
 * places each transcript word on the synthesized audio by the character position of
 * the synthesizer's word events. A number read as several words ("25" → "twenty five")
 * is one transcript word spanning all of them.
 */
export async function synthesizeReference(
  transcript: string,
  voice: VoiceSettings | null,
): Promise<Reference> {
  const words = transcriptWords(transcript);
  const spans: Reference['spans'] = words.map(() => null);
  const phonemes: TimedPhoneme[] = [];
  const pieces: Float32Array[] = [];
  let sampleRate = 0;
  let offsetMs = 0;
  // Chunks are synthesized side by side (each in its own process) and laid end to end.
  const chunks: Array<{ start: number; text: string }> = [];
  let from = 0;
  for (const end of chunkEnds(transcript)) {
    const text = transcript.slice(from, end);
    if (/[\p{L}\p{N}]/u.test(text)) chunks.push({ start: from, text });
    from = end;
  }
  const spoken = await Promise.all(
    chunks.map((chunk) => espeakSynthesizer.synthesize(speakableText(chunk.text), voice)),
  );
  for (const [k, speech] of spoken.entries()) {
    const chunk = chunks[k]!;
    // The synthesizer trims the chunk; its positions are counted from the first non-space.
    const lead = chunk.text.length - chunk.text.trimStart().length;
    const pcm = pcmFromWav(speech.wav);
    sampleRate = pcm.sampleRate;
    pieces.push(pcm.samples);
    for (const event of speech.timing?.words ?? []) {
      if (event.textStart === undefined) continue;
      const index = wordAt(words, chunk.start + lead + event.textStart);
      if (index < 0) continue;
      const span = spans[index];
      const startMs = offsetMs + event.startMs;
      const endMs = offsetMs + event.endMs;
      spans[index] = span
        ? { startMs: Math.min(span.startMs, startMs), endMs: Math.max(span.endMs, endMs) }
        : { startMs, endMs };
    }
    for (const p of speech.timing?.phonemes ?? [])
      phonemes.push({ ...p, startMs: p.startMs + offsetMs, endMs: p.endMs + offsetMs });
    offsetMs += (pcm.samples.length / pcm.sampleRate) * 1000;
  }
  const samples = new Float32Array(pieces.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    samples.set(piece, at);
    at += piece.length;
  }
  return { samples, sampleRate: sampleRate || 22_050, words, spans, phonemes };
}

/** The index of the word whose text holds character `at`, or −1 (binary search). */
function wordAt(words: TranscriptWord[], at: number): number {
  let lo = 0;
  let hi = words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const word = words[mid]!;
    if (at < word.start) hi = mid - 1;
    else if (at >= word.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}
