import { describe, expect, it } from 'vitest';
import { cleanedTime, keepWholeWords, planCuts, type SpokenWord } from './cut-plan';
import { spliceOut } from './splice';

const word = (text: string, startMs: number, endMs: number, removed = false): SpokenWord => ({
  text,
  startMs,
  endMs,
  removed,
});

describe('where a cleaned recording is cut', () => {
  it('takes the whole sound of a filler the alignment ended early, but not the kept word after it', () => {
    // 10 ms frames: "to" 0–200, silence, "er" 500–800 (aligned 500–730), silence, "ask" 1000–1300.
    const sound = new Uint8Array(130);
    sound.fill(1, 0, 20);
    sound.fill(1, 50, 80);
    sound.fill(1, 100, 130);
    const words = keepWholeWords(
      [word('to', 0, 200), word('er', 500, 730, true), word('ask', 1000, 1300)],
      sound,
    );
    expect(words.map((w) => [w.startMs, w.endMs])).toEqual([
      [0, 200],
      [500, 800],
      [1000, 1300],
    ]);
    const cuts = planCuts(words, 1300);
    // The 300 ms pauses on both sides become one, and nothing of the "er" stays.
    expect(cuts.map((c) => [c.startMs, c.endMs])).toEqual([[350, 850]]);
    // Said without a pause, a filler and the kept word after it both claim the frames between
    // their aligned edges (730–800): the kept word takes them, and the pause before stays.
    const touching = keepWholeWords(
      [word('to', 0, 200), word('er', 500, 730, true), word('ask', 800, 1100)],
      Uint8Array.from({ length: 110 }, (_, i) => (i < 20 || i >= 50 ? 1 : 0)),
    );
    expect(planCuts(touching, 1100).map((c) => [c.startMs, c.endMs])).toEqual([[500, 730]]);
  });

  it('cuts a filler with one of the two pauses around it, so one pause remains', () => {
    const cuts = planCuts(
      [
        word('She', 0, 200),
        word('is', 250, 400),
        word('um', 700, 1000, true),
        word('doing', 1300, 1600),
        word('well', 1650, 1900),
      ],
      2000,
    );
    expect(cuts).toEqual([{ startMs: 550, endMs: 1150, words: [word('um', 700, 1000, true)] }]);
    // The kept pause is the longer of the two (300 ms), taken half from each side.
    expect(cleanedTime(1300, cuts) - cleanedTime(400, cuts)).toBe(300);
  });

  it('cuts a repeated word said without a pause exactly, and keeps the pause before it', () => {
    const cuts = planCuts(
      [
        word('read', 0, 300),
        word('the', 500, 650, true),
        word('the', 650, 800),
        word('book', 800, 1100),
      ],
      1100,
    );
    expect(cuts.map((c) => [c.startMs, c.endMs])).toEqual([[500, 650]]);
  });

  it('shortens a pause over 0.8 s to 0.5 s, at the ends of the recording too', () => {
    const cuts = planCuts([word('Amelia', 1200, 1700), word('reads', 3000, 3400)], 3500);
    expect(cuts.map((c) => [c.startMs, c.endMs])).toEqual([
      [250, 950],
      [1950, 2750],
    ]);
    expect(cuts.every((c) => c.words.length === 0)).toBe(true);
    // A pause around a removed filler is shortened as well: 0.9 s + 0.4 s + 0.6 s → 0.5 s.
    const long = planCuts(
      [word('so', 0, 200), word('um', 1100, 1500, true), word('then', 2100, 2400)],
      2400,
    );
    expect(long.map((c) => [c.startMs, c.endMs])).toEqual([[450, 1850]]);
  });

  it('maps moments of the original onto the cleaned clock', () => {
    const cuts = [
      { startMs: 100, endMs: 300, words: [] },
      { startMs: 500, endMs: 600, words: [] },
    ];
    expect([0, 100, 200, 300, 400, 550, 700].map((ms) => cleanedTime(ms, cuts))).toEqual([
      0, 100, 100, 100, 200, 300, 400,
    ]);
  });
});

describe('splicing with crossfades', () => {
  const rate = 16_000;
  /** A loud tone that changes pitch at 0.5 s: any cut inside it joins two unrelated waves. */
  const tone = Float32Array.from(
    { length: rate },
    (_, i) => 0.8 * Math.sin((2 * Math.PI * (i < rate / 2 ? 220 : 347) * i) / rate),
  );
  const largestStep = (samples: Float32Array, from = 1, to = samples.length) => {
    let largest = 0;
    for (let i = Math.max(1, from); i < Math.min(samples.length, to); i++)
      largest = Math.max(largest, Math.abs(samples[i]! - samples[i - 1]!));
    return largest;
  };

  it('joins mid-wave without a jump larger than the waves make themselves', () => {
    const before = Float32Array.from(tone);
    // From a crest of the low tone to a trough of the high one: the worst place to cut.
    const cuts = [{ startMs: 228.41, endMs: 613.11, words: [] }];
    const out = spliceOut(tone, rate, cuts);
    expect(tone).toEqual(before);
    const join = Math.round(0.22841 * rate);
    const rejoin = Math.round(0.61311 * rate);
    expect(out.length).toBe(tone.length - (rejoin - join));
    const natural = largestStep(tone);
    // Equal power adds two waves that happen to be in phase to √2 of either at most: a
    // click is a step well beyond that.
    expect(largestStep(out, join - 160, join + 160)).toBeLessThanOrEqual(natural * Math.SQRT2);
    // A hard cut at the same place would click: the step the crossfade avoids.
    const hard = new Float32Array(out.length);
    hard.set(tone.subarray(0, join));
    hard.set(tone.subarray(rejoin), join);
    expect(largestStep(hard, join - 1, join + 2)).toBeGreaterThan(natural * 3);
  });

  it('fades in after a cut at the start and out before one at the end', () => {
    const out = spliceOut(tone, rate, [
      { startMs: 0, endMs: 100, words: [] },
      { startMs: 900, endMs: 1000, words: [] },
    ]);
    expect(out.length).toBe(rate * 0.8);
    expect(Math.abs(out[0]!)).toBeLessThan(0.01);
    expect(Math.abs(out.at(-1)!)).toBeLessThan(0.01);
    expect(largestStep(out)).toBeLessThanOrEqual(largestStep(tone) * 1.05);
  });
});
