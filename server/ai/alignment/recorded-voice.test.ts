import { beforeAll, describe, expect, it } from 'vitest';
import { enhanceTranscript } from '../enhancement';
import { DEFAULT_VOICE } from '../speech-synthesis';
import { encodeWav } from '../voice-analysis';
import {
  type GeneratedRecording,
  percentile,
  silence,
  speak,
  spliceBefore,
  withNoise,
} from './alignment.test-support';
import { cleanedTime, planCuts } from './cut-plan';
import { alignTranscript, type PreparedVoice, prepareRecordedVoice } from './index';
import { melFrames } from './mfcc';
import { transcriptWords } from './transcript-words';
import { soundFrames } from './voice-activity';
import { pcmFromWav } from './wav-samples';

/** What the teacher said: two hesitations and a repeated word, which the enhancer removes. */
const SAID =
  'Um, Amelia has worked, um, really hard this term. Her her reading has improved a lot.';
const REMOVED = ['Um', 'um', 'Her'];
const saidWords = transcriptWords(SAID);

let recording: GeneratedRecording;
let wav: Buffer;
let enhanced: string;
let prepared: PreparedVoice;
let preparedForOtherText: PreparedVoice | null;
/** The teacher corrected a word in the enhanced text ("reading" → "writing") by hand. */
let preparedAfterEdit: PreparedVoice | null;
const EDITED = 'Amelia has worked really hard this term. Her writing has improved a lot.';
const OTHER_TEXT = 'The weather in the mountains was cold, so we stayed indoors and played chess.';

beforeAll(async () => {
  enhanced = enhanceTranscript(SAID);
  const said = await speak(SAID, 'en-us+f2', 175);
  // A long pause in the middle of a sentence, as a teacher gathers her thoughts.
  const thisTerm = saidWords.find((w) => w.text === 'this')!;
  const paused = spliceBefore(said, thisTerm.start, silence(said, 1300));
  recording = { ...paused, samples: withNoise(paused.samples, -60) };
  wav = encodeWav(recording.samples, recording.sampleRate);
  const untouched = Buffer.from(wav);
  const started = performance.now();
  const [result, edited, other] = await Promise.all([
    prepareRecordedVoice({
      recording: wav,
      transcript: SAID,
      enhancedTranscript: enhanced,
      voice: DEFAULT_VOICE,
    }),
    prepareRecordedVoice({
      recording: wav,
      transcript: SAID,
      enhancedTranscript: EDITED,
      enhancerOutput: enhanced,
      voice: DEFAULT_VOICE,
    }),
    prepareRecordedVoice({
      recording: wav,
      transcript: OTHER_TEXT,
      enhancedTranscript: OTHER_TEXT,
      voice: DEFAULT_VOICE,
    }),
  ]);
  preparedForOtherText = other;
  preparedAfterEdit = edited;
  const seconds = recording.samples.length / recording.sampleRate;
  console.info(
    `prepared ${seconds.toFixed(1)} s three times side by side in ${Math.round(performance.now() - started)} ms`,
  );
  expect(wav.equals(untouched)).toBe(true);
  expect(result).not.toBeNull();
  prepared = result!;
});

describe("the teacher's own voice, cleaned to match the enhanced transcript", () => {
  it('says what it cut: the removed words, and the long pause', () => {
    expect(enhanced).toBe(
      'Amelia has worked really hard this term. Her reading has improved a lot.',
    );
    expect(prepared.cuts.flatMap((cut) => cut.words.map((w) => w.text))).toEqual(REMOVED);
    expect(prepared.cuts.some((cut) => cut.words.length === 0)).toBe(true);
    // The second "Her" stays (the stumble is the first copy).
    const removedHer = prepared.cuts.flatMap((cut) => cut.words).find((w) => w.text === 'Her')!;
    expect(removedHer.textStart).toBe(SAID.indexOf('Her'));
  });

  it('is shorter by the removed words and pauses, within 50 ms of what the known word times give', () => {
    // A word's known end is where its sound ends: the synthesizer counts the silent
    // closure of a final "d" as the word's, a listener (and the cut) as the pause's.
    const frames = melFrames(recording.samples, recording.sampleRate);
    const sound = soundFrames(frames.levelDb);
    const soundEnd = (startMs: number, endMs: number) => {
      let last = Math.ceil(endMs / 10) - 1;
      while (last > startMs / 10 && !sound[last]) last--;
      return Math.min(endMs, (last + 1) * 10);
    };
    const known = saidWords.map((w) => ({
      text: w.text,
      startMs: recording.wordStarts.get(w.start)!,
      endMs: soundEnd(recording.wordStarts.get(w.start)!, recording.wordEnds.get(w.start)!),
      removed: false,
    }));
    // The words the enhancer removed, found the same way as in the cleaning: the first
    // "Her" and the two "um"s.
    for (const [i, w] of saidWords.entries())
      known[i]!.removed =
        /^um$/i.test(w.text) || (w.text === 'Her' && saidWords[i + 1]?.text === 'her');
    const originalMs = (recording.samples.length / recording.sampleRate) * 1000;
    const expectedCut = planCuts(known, originalMs).reduce((ms, c) => ms + c.endMs - c.startMs, 0);
    const actualCut = prepared.originalDurationMs - prepared.cleanedDurationMs;
    console.info(
      `cut ${actualCut} ms of ${prepared.originalDurationMs} ms; known word times give ${Math.round(expectedCut)} ms`,
    );
    expect(Math.abs(prepared.originalDurationMs - originalMs)).toBeLessThanOrEqual(1);
    expect(Math.abs(actualCut - expectedCut)).toBeLessThanOrEqual(50);
    const audio = pcmFromWav(prepared.audio);
    expect(audio.sampleRate).toBe(44_100);
    expect(
      Math.abs((audio.samples.length / 44_100) * 1000 - prepared.cleanedDurationMs),
    ).toBeLessThan(1);
  });

  it('times the enhanced words in the cleaned audio, as a fresh alignment of it finds them', async () => {
    const words = prepared.timing.words;
    expect(words.map((w) => w.text)).toEqual(transcriptWords(enhanced).map((w) => w.text));
    expect(words.map((w) => enhanced.slice(w.textStart, w.textEnd))).toEqual(
      words.map((w) => w.text),
    );
    const again = await alignTranscript({
      recording: prepared.audio,
      transcript: enhanced,
      voice: DEFAULT_VOICE,
    });
    expect(again).not.toBeNull();
    const errors = words
      .map((w, i) => Math.abs(w.startMs - again!.timing.words[i]!.startMs))
      .sort((a, b) => a - b);
    console.info(
      `re-aligned cleaned audio: word starts within median ${percentile(errors, 0.5)} ms, p95 ${percentile(errors, 0.95)} ms`,
    );
    expect(percentile(errors, 0.5)).toBeLessThanOrEqual(60);
    expect(percentile(errors, 0.95)).toBeLessThanOrEqual(150);
    // No phoneme falls in a cut, and none runs past the end.
    for (const p of prepared.timing.phonemes)
      expect(p.endMs).toBeLessThanOrEqual(prepared.cleanedDurationMs + 1);
  });

  it('leaves no click at the joins', () => {
    const original = recording.samples;
    let loudestStep = 0;
    for (let i = 1; i < original.length; i++)
      loudestStep = Math.max(loudestStep, Math.abs(original[i]! - original[i - 1]!));
    const cleaned = pcmFromWav(prepared.audio).samples;
    for (const cut of prepared.cuts) {
      const join = Math.round((cleanedTime(cut.startMs, prepared.cuts) / 1000) * 44_100);
      let step = 0;
      for (let i = Math.max(1, join - 441); i < Math.min(cleaned.length, join + 441); i++)
        step = Math.max(step, Math.abs(cleaned[i]! - cleaned[i - 1]!));
      expect(step).toBeLessThanOrEqual(loudestStep);
    }
  });

  it('cuts only what the enhancer dropped: a word the teacher corrected by hand stays', () => {
    expect(preparedAfterEdit).not.toBeNull();
    const cutWords = preparedAfterEdit!.cuts.flatMap((cut) => cut.words.map((w) => w.text));
    expect(cutWords).toEqual(REMOVED);
    // The same cuts (two separate alignments may place an edge a 10 ms frame apart).
    expect(
      Math.abs(preparedAfterEdit!.cleanedDurationMs - prepared.cleanedDurationMs),
    ).toBeLessThanOrEqual(20);
    // The captions are the edited words, on the same clock.
    const words = preparedAfterEdit!.timing.words;
    expect(words.map((w) => w.text)).toEqual(transcriptWords(EDITED).map((w) => w.text));
    // "writing" takes the time between its neighbours, where "reading" was said.
    const writing = words.find((w) => w.text === 'writing')!;
    const reading = prepared.timing.words.find((w) => w.text === 'reading')!;
    expect(writing.startMs).toBeLessThanOrEqual(reading.startMs);
    expect(writing.endMs).toBeGreaterThanOrEqual(reading.endMs);
  });

  it('answers null for a transcript of something else', () => {
    expect(preparedForOtherText).toBeNull();
  });
});
