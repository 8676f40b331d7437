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
  /**
   * What the enhancer itself made of `transcript`, before any edit by hand. When given,
   * only words missing from both it and `enhancedTranscript` are cut: a word the teacher
   * corrected or reworded in the text was still said, and stays in the audio.
   */
  enhancerOutput?: string;
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
 * repetitions: raw words with no partner in the enhancer's output) are cut out with the pause
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
  // Without a raw transcript the enhanced text is what was said: nothing was dropped.
  const output = input.transcript.trim() ? input.enhancerOutput : undefined;
  const { partners, dropped } = pairWords(spoken, enhanced, output);
  const sound = soundFrames(frameLevels(analysis, ANALYSIS_RATE));
  const words = keepWholeWords(
    spoken.map((word, i) => ({ ...word, removed: dropped[i] === 1 })),
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
 * For each spoken word, the index of the enhanced word it became (−1: none), and whether
 * the enhancer dropped it (1). Without `enhancerOutput` a word is dropped when it has no
 * partner in the enhanced text. With it, a word is dropped only when the enhancer's own
 * output lacks it, and the spoken words reach the edited text through that output: a word
 * the teacher corrected by hand was said, so it stays in the audio (its correction shares
 * the time between its neighbours).
 */
function pairWords(spoken: TimedWord[], enhanced: string, enhancerOutput?: string) {
  const spokenTexts = spoken.map((w) => w.text);
  const enhancedTexts = transcriptWords(enhanced).map((w) => w.text);
  if (enhancerOutput === undefined) {
    const partners = pairFromEnd(spokenTexts, enhancedTexts);
    return { partners, dropped: Uint8Array.from(partners, (j) => (j < 0 ? 1 : 0)) };
  }
  const outputTexts = transcriptWords(enhancerOutput).map((w) => w.text);
  const toOutput = pairFromEnd(spokenTexts, outputTexts);
  const outputToEnhanced = pairFromEnd(outputTexts, enhancedTexts);
  return {
    partners: Int32Array.from(toOutput, (j) => (j < 0 ? -1 : outputToEnhanced[j]!)),
    dropped: Uint8Array.from(toOutput, (j) => (j < 0 ? 1 : 0)),
  };
}

/**
 * Pairs two word lists in order, matched from the end, so of a repeated word ("the the",
 * "she was- she has") the last copy is the one kept: the first is the stumble.
 */
function pairFromEnd(a: string[], b: string[]): Int32Array {
  const keys = (texts: string[]) => texts.map((t) => transcriptWords(t)[0]?.key ?? '').reverse();
  const reversed = matchWordKeys(keys(a), keys(b));
  const last = b.length - 1;
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
