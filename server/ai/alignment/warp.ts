import { cheapestPath, type Path } from './dtw';
import { frameDistance } from './features';
import { coarseFrames, coarsen, type States } from './states';
import type { WarpCosts } from './warp-costs';

export type WarpInput = {
  recording: Float32Array;
  recordingFrames: number;
  states: States;
  costs: WarpCosts;
};

/**
 * Above this many frame-state pairs (a clip of about three seconds) the warp is first
 * found on frames four times coarser.
 */
export const FULL_WARP_CELLS = 100_000;
const COARSE_FACTOR = 4;
/** How far (in fine states) either side of the coarse path the fine warp may stray. */
const FINE_REACH = 3 * COARSE_FACTOR;

/**
 * The cheapest warp of the recording onto the states. A long recording (two minutes is
 * 12,000 frames against as many states) is warped first at 40 ms frames over every
 * state, then at 10 ms within a band around that path, so time and memory grow with the
 * length rather than its square.
 */
export function warpRecording(input: WarpInput, fullCells = FULL_WARP_CELLS): Path | null {
  const { reference, gapCosts, offPaceCost, offPaceRunCost } = input.costs;
  const stateCount = input.states.frameOf.length;
  const gaps = Uint8Array.from(input.states.frameOf, (frame) => (frame < 0 ? 1 : 0));
  const fineCost = (frame: number, s: number) => {
    const refFrame = input.states.frameOf[s]!;
    return refFrame < 0
      ? gapCosts[frame]!
      : frameDistance(input.recording, frame, reference, refFrame);
  };
  const fine = {
    frames: input.recordingFrames,
    states: stateCount,
    gaps,
    cost: fineCost,
    offPaceCost,
    offPaceRunCost,
  };
  if (input.recordingFrames * stateCount <= fullCells) return cheapestPath(fine);

  const coarse = coarsen(input.states, reference, COARSE_FACTOR);
  const frames = coarseFrames(input.recording, input.recordingFrames, COARSE_FACTOR);
  const coarseGap = new Float32Array(frames.count);
  for (let f = 0; f < input.recordingFrames; f++)
    coarseGap[Math.floor(f / COARSE_FACTOR)]! += gapCosts[f]!;
  for (let c = 0; c < frames.count; c++) {
    const size = Math.min(COARSE_FACTOR, input.recordingFrames - c * COARSE_FACTOR);
    coarseGap[c] = coarseGap[c]! / size;
  }
  const rough = cheapestPath({
    frames: frames.count,
    states: coarse.count,
    gaps: coarse.isGap,
    cost: (frame, c) =>
      coarse.isGap[c]
        ? coarseGap[frame]!
        : frameDistance(frames.features, frame, coarse.features, c),
    offPaceCost,
    offPaceRunCost,
  });
  if (!rough) return null;

  const lo = new Int32Array(input.recordingFrames);
  const hi = new Int32Array(input.recordingFrames);
  const last = frames.count - 1;
  for (let f = 0; f < input.recordingFrames; f++) {
    const c = Math.min(last, Math.floor(f / COARSE_FACTOR));
    const before = rough.stateOf[Math.max(0, c - 1)]!;
    const after = rough.stateOf[Math.min(last, c + 1)]!;
    lo[f] = Math.max(0, coarse.firstFine[before]! - FINE_REACH);
    hi[f] = Math.min(stateCount - 1, coarse.lastFine[after]! + FINE_REACH);
  }
  return cheapestPath({ ...fine, window: { lo, hi } });
}
