import { describe, expect, it } from 'vitest';
import { cheapestPath } from './dtw';
import { DIMS } from './features';
import { buildStates } from './states';
import { warpRecording } from './warp';
import type { WarpCosts } from './warp-costs';

/** States from symbols: '_' is a gap, any other letter a reference frame of that sound. */
function problem(
  states: string,
  recording: string,
  extra: { offPace?: number; run?: number } = {},
) {
  const gaps = Uint8Array.from(states, (c) => (c === '_' ? 1 : 0));
  return {
    frames: recording.length,
    states: states.length,
    gaps,
    // A frame matches its own sound for free; a gap takes silence ('.') cheaply and any
    // other sound at a fixed price, less than a wrong match.
    cost: (frame: number, state: number) => {
      const heard = recording[frame]!;
      if (gaps[state]) return heard === '.' ? 0.1 : 0.8;
      return heard === states[state] ? 0 : 1;
    },
    offPaceCost: extra.offPace ?? 0,
    offPaceRunCost: extra.run ?? 0,
  };
}

const spell = (states: string, stateOf: Int32Array) =>
  Array.from(stateOf, (s) => states[s]).join('');

describe('the warp (frame-synchronous DTW with optional gaps)', () => {
  it('walks the reference in order, one state a frame when the pace matches', () => {
    const states = '_abc_def_';
    const path = cheapestPath(problem(states, 'abcdef'));
    expect(spell(states, path!.stateOf)).toBe('abcdef');
    expect(path!.total).toBe(0);
  });

  it('gives a pause and sound the transcript lacks to the gap between two words', () => {
    const states = '_abc_def_';
    const path = cheapestPath(problem(states, '..abc..xx..def.'));
    expect(spell(states, path!.stateOf)).toBe('__abc______def_');
  });

  it('stays on states for a slow talker and skips them for a fast one', () => {
    const states = '_abcdef_';
    expect(spell(states, cheapestPath(problem(states, 'aabbccddeeff'))!.stateOf)).toBe(
      'aabbccddeeff',
    );
    expect(spell(states, cheapestPath(problem(states, 'acef'))!.stateOf)).toBe('acef');
  });

  it('makes leaving the pace cost, so an extra sound goes to a gap rather than into a word', () => {
    const states = '_abc_def_';
    // "x" sounds like "d" here: free to match, but only by staying on "d" twice in a row.
    const recording = 'abcxxxdef';
    const free = problem(states, recording);
    free.cost = (frame, state) =>
      free.gaps[state]
        ? 0.8
        : recording[frame] === states[state] || (recording[frame] === 'x' && states[state] === 'd')
          ? 0
          : 1;
    expect(spell(states, cheapestPath(free)!.stateOf)).toBe('abcddddef');
    // One stay (0.3) is cheaper than a gap frame (0.8); a run of them is not.
    const paced = { ...free, offPaceCost: 0.3, offPaceRunCost: 0.5 };
    expect(spell(states, cheapestPath(paced)!.stateOf)).toBe('abc__ddef');
  });

  it('answers null when the reference cannot fit in the frames', () => {
    expect(cheapestPath(problem('_abcdefgh_', 'ab'))).toBeNull();
    expect(cheapestPath(problem('_a_', ''))).toBeNull();
  });

  it('finds the same warp coarse-to-fine as over every state', () => {
    // Twenty "words" of random frames; the recording says them slower, with pauses.
    let seed = 3;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31 - 0.5;
    };
    const wordLengths = Array.from({ length: 20 }, (_, i) => 8 + ((i * 7) % 9));
    const total = wordLengths.reduce((a, b) => a + b, 0);
    const reference = Float32Array.from({ length: total * DIMS }, () => random() * 4);
    let next = 0;
    const framesOfWords = wordLengths.map((n) => Array.from({ length: n }, () => next++));
    const heard: number[] = [];
    const recordingFrames: Array<number | null> = [];
    for (const [w, frames] of framesOfWords.entries()) {
      if (w % 5 === 4) for (let k = 0; k < 30; k++) recordingFrames.push(null);
      for (const f of frames)
        for (let k = 0; k < (f % 3 === 0 ? 2 : 1); k++) recordingFrames.push(f);
    }
    const recording = new Float32Array(recordingFrames.length * DIMS);
    for (const [i, f] of recordingFrames.entries()) {
      for (let d = 0; d < DIMS; d++)
        recording[i * DIMS + d] = f === null ? 0 : reference[f * DIMS + d]! + random() * 0.5;
      heard.push(f ?? -1);
    }
    const gapCosts = Float32Array.from(recordingFrames, (f) => (f === null ? 0.5 : 12));
    const costs: WarpCosts = {
      reference,
      unit: 5,
      scale: 8,
      gapCosts,
      offPaceCost: 0.75,
      offPaceRunCost: 1.75,
    };
    const states = buildStates(framesOfWords, 1.3);
    const input = { recording, recordingFrames: recordingFrames.length, states, costs };
    const full = warpRecording(input, Number.POSITIVE_INFINITY)!;
    const banded = warpRecording(input, 0)!;
    let same = 0;
    for (let f = 0; f < heard.length; f++) if (full.stateOf[f] === banded.stateOf[f]) same++;
    expect(same / heard.length).toBeGreaterThan(0.98);
    expect(banded.total).toBeLessThanOrEqual(full.total * 1.01);
    // Pauses went to gaps.
    for (let f = 0; f < heard.length; f++)
      if (heard[f] === -1) expect(states.frameOf[full.stateOf[f]!]).toBe(-1);
  });
});
