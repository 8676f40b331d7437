import type { SpeechTiming, TimedPhoneme, TimedWord, VoiceSettings } from '../media-types';
import { encodeWav } from '../voice-analysis';
import { type Cut, cleanedTime, keepWholeWords, planCuts } from './cut-plan';
import { ANALYSIS_RATE, decodeMono, OUTPUT_RATE } from './decode';
import { CROSSFADE_MS, mergeCloseCuts, spliceOut } from './splice';
import { alignSamples } from './transcript-alignment';
import { matchWordKeys, transcriptWords } from './transcript-words';
import { frameLevels, soundFrames } from './voice-activity';

export type RecordedVoiceInput = {
  /** The teacher's recording, in any format ffmpeg reads. It is only read. */
  recording: Uint8Array;
  /** What was said, fillers and all (the dictation or the teacher's typing). */
  transcript: string;
  /** What the parent reads: the transcript after enhancement. */
  enhancedTranscript: string;
  /** The teacher's measured voice, when the profile has one: the reference is said in it. */
  voice?: VoiceSettings | null;
};

export type PreparedVoice = {
  /** The cleaned recording: 16-bit mono WAV at 44.1 kHz. */
  audio: Buffer;
  /** The enhanced transcript's words (text positions in it) and the phonemes, in the cleaned audio. */
  timing: SpeechTiming;
  /** What was left out of the original, in the original's time, in order. */
  cuts: Cut[];
  originalDurationMs: number;
  cleanedDurationMs: number;
};

/**
 * The teacher's own voice, cleaned to match what the parent reads. The raw transcript is
 * aligned to the recording; the words the enhancer dropped (fillers, false starts,
 * repetitions: raw words with no partner in the enhanced text) are cut out with the pause
 * on one side of them, long pauses are shortened, and joins are crossfaded. Returns null
 * when the transcript does not fit the recording (the caller then uses the recording as
 * it is, with captions and mouth by loudness).
 */
export async function prepareRecordedVoice(
  input: RecordedVoiceInput,
): Promise<PreparedVoice | null> {
  const said = input.transcript.trim() ? input.transcript : input.enhancedTranscript;
  const analysis = await decodeMono(input.recording, ANALYSIS_RATE);
  const aligned = await alignSamples(analysis, said, input.voice ?? null);
  if (!aligned) return null;

  const enhanced = input.enhancedTranscript.trim() ? input.enhancedTranscript : said;
  const spoken = aligned.timing.words;
  const partners = partnersInEnhanced(spoken, enhanced);
  const sound = soundFrames(frameLevels(analysis, ANALYSIS_RATE));
  const words = keepWholeWords(
    spoken.map((word, i) => ({ ...word, removed: partners[i]! < 0 })),
    sound,
  );
  const cuts = mergeCloseCuts(planCuts(words, aligned.durationMs), CROSSFADE_MS);
  const original = await decodeMono(input.recording, OUTPUT_RATE);
  const cleaned = spliceOut(original, OUTPUT_RATE, cuts);
  return {
    audio: encodeWav(cleaned, OUTPUT_RATE),
    timing: {
      words: enhancedWordTimes(enhanced, spoken, partners, cuts),
      phonemes: phonemesAfterCuts(aligned.timing.phonemes, cuts),
    },
    cuts,
    originalDurationMs: Math.round((original.length / OUTPUT_RATE) * 1000),
    cleanedDurationMs: Math.round((cleaned.length / OUTPUT_RATE) * 1000),
  };
}

/**
 * For each spoken word, the index of the enhanced word it became, or −1 when the enhancer
 * dropped it. Matched from the end, so of a repeated word ("the the", "she was- she has")
 * the last copy is the one kept: the first is the stumble.
 */
function partnersInEnhanced(spoken: TimedWord[], enhanced: string): Int32Array {
  const keys = (texts: string[]) => texts.map((t) => transcriptWords(t)[0]?.key ?? '').reverse();
  const enhancedWords = transcriptWords(enhanced);
  const reversed = matchWordKeys(
    keys(spoken.map((w) => w.text)),
    keys(enhancedWords.map((w) => w.text)),
  );
  const last = enhancedWords.length - 1;
  return Int32Array.from(reversed.reverse(), (j) => (j < 0 ? -1 : last - j));
}

/**
 * The enhanced transcript's words on the cleaned clock. A word the enhancer kept takes its
 * spoken partner's time; one it changed beyond matching (a provider's rewording) shares
 * the time between its neighbours, so every word has a time and times never go back.
 */
function enhancedWordTimes(
  enhanced: string,
  spoken: TimedWord[],
  partners: Int32Array,
  cuts: Cut[],
): TimedWord[] {
  const words = transcriptWords(enhanced);
  const times = new Map<number, { startMs: number; endMs: number }>();
  for (const [i, j] of partners.entries()) {
    if (j < 0) continue;
    const word = spoken[i]!;
    times.set(j, {
      startMs: cleanedTime(word.startMs, cuts),
      endMs: cleanedTime(word.endMs, cuts),
    });
  }
  const out: TimedWord[] = [];
  for (const [j, word] of words.entries()) {
    let time = times.get(j);
    if (!time) {
      const before = out.at(-1)?.endMs ?? 0;
      let next = j + 1;
      while (next < words.length && !times.has(next)) next++;
      const after = times.get(next)?.startMs ?? before;
      const share = Math.max(0, after - before) / (next - j);
      time = { startMs: before, endMs: before + share };
    }
    out.push({ text: word.text, ...time, textStart: word.start, textEnd: word.end });
  }
  return out;
}

/** Phonemes on the cleaned clock: those inside a cut go, those across its edge are trimmed. */
function phonemesAfterCuts(phonemes: TimedPhoneme[], cuts: Cut[]): TimedPhoneme[] {
  const out: TimedPhoneme[] = [];
  for (const p of phonemes) {
    const startMs = cleanedTime(p.startMs, cuts);
    const endMs = cleanedTime(p.endMs, cuts);
    if (endMs > startMs) out.push({ phoneme: p.phoneme, startMs, endMs });
  }
  return out;
}
