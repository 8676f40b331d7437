/*
 * Dynamic time warping of a recording onto a reference, frame-synchronous: every recording
 * frame is given to exactly one reference state, and the states are walked in order. So
 * every path through a recording costs the same number of frame costs, and a slow
 * stretch (staying on a state) and a fast one (skipping a state) are judged alike.
 *
 * A reference is a list of states: its own frames, and between its words (and before the
 * first and after the last) an optional gap. A gap takes any number of recording frames —
 * a pause, or a word the transcript lacks — or none, when it is stepped over.
 */

/** How a path came into a state: on to the next state, staying, or skipping one. */
const STEP = 0;
const STAY = 1;
const SKIP = 2;
const KINDS = 3;

export type Window = { lo: Int32Array; hi: Int32Array };

export type PathProblem = {
  frames: number;
  states: number;
  /** 1 for a gap state. */
  gaps: Uint8Array;
  /** The cost of giving recording frame `frame` to `state`. */
  cost: (frame: number, state: number) => number;
  /**
   * What leaving the pace costs on a word's own frames: each stay on a state or skip over
   * one (`offPaceCost`), and more (`offPaceRunCost`) for a second stay or skip in a row,
   * which is slower than half or faster than twice the pace. A gap is free to stay on
   * and to step over.
   */
  offPaceCost?: number;
  offPaceRunCost?: number;
  /** The states each frame may take (inclusive); every state when absent. */
  window?: Window;
};

export type Path = {
  /** The state of each recording frame. */
  stateOf: Int32Array;
  /** The summed cost of the frames along the path. */
  total: number;
};

const NOT_ALLOWED = 255;

/**
 * For each state and how far back a step comes from (0–3), the kind of move it is, or
 * NOT_ALLOWED. Three back only over a gap: stepping over the gap and one frame in one step.
 */
function moveKinds(gaps: Uint8Array): Uint8Array {
  const kinds = new Uint8Array(gaps.length * 4).fill(NOT_ALLOWED);
  for (let s = 0; s < gaps.length; s++) {
    for (let back = 0; back <= 3 && back <= s; back++) {
      if (back === 3 && !gaps[s - 1] && !gaps[s - 2]) continue;
      let kind = STEP;
      if (!gaps[s]) {
        let skipped = 0;
        for (let k = 1; k < back; k++) if (!gaps[s - k]) skipped++;
        kind = back === 0 ? STAY : skipped > 0 ? SKIP : STEP;
      }
      kinds[s * 4 + back] = kind;
    }
  }
  return kinds;
}

/**
 * The cheapest path from the first state (or the first after a leading gap) at the first
 * frame to the last state (or the last before a trailing gap) at the last frame. Returns
 * null when no path fits (more states than the frames can cover).
 */
export function cheapestPath(problem: PathProblem): Path | null {
  const { frames, states } = problem;
  if (frames === 0 || states === 0) return null;
  const offPace = problem.offPaceCost ?? 0;
  const offPaceRun = problem.offPaceRunCost ?? 0;
  const { gaps } = problem;
  const kinds = moveKinds(gaps);
  const lo = problem.window?.lo ?? new Int32Array(frames);
  const hi = problem.window?.hi ?? new Int32Array(frames).fill(states - 1);
  const offsets = new Float64Array(frames + 1);
  for (let i = 0; i < frames; i++) offsets[i + 1] = offsets[i]! + Math.max(0, hi[i]! - lo[i]! + 1);
  // Per frame, state and kind of arrival: how far back it came from and its kind then.
  const moves = new Uint8Array(offsets[frames]! * KINDS);

  const layer = () => new Float64Array(states * KINDS).fill(Number.POSITIVE_INFINITY);
  let previous = layer();
  let current = layer();
  const firstStates = gaps[0] && states > 1 ? [0, 1] : [0];
  for (const s of firstStates)
    if (s >= lo[0]! && s <= hi[0]!) previous[s * KINDS + STEP] = problem.cost(0, s);

  for (let i = 1; i < frames; i++) {
    current.fill(Number.POSITIVE_INFINITY);
    const rowOffset = offsets[i]!;
    for (let s = lo[i]!; s <= hi[i]!; s++) {
      let frameCost = -1;
      for (let back = 0; back <= 3; back++) {
        const kind = kinds[s * 4 + back]!;
        if (kind === NOT_ALLOWED) continue;
        const from = s - back;
        if (from < lo[i - 1]! || from > hi[i - 1]!) continue;
        for (let before = 0; before < KINDS; before++) {
          let value = previous[from * KINDS + before]!;
          if (value === Number.POSITIVE_INFINITY) continue;
          if (kind !== STEP) value += offPace + (kind === before ? offPaceRun : 0);
          if (value >= current[s * KINDS + kind]!) continue;
          if (frameCost < 0) frameCost = problem.cost(i, s);
          current[s * KINDS + kind] = value;
          moves[(rowOffset + s - lo[i]!) * KINDS + kind] = back * KINDS + before;
        }
      }
      if (frameCost >= 0)
        for (let kind = 0; kind < KINDS; kind++) current[s * KINDS + kind]! += frameCost;
    }
    [previous, current] = [current, previous];
  }

  const last = states - 1;
  const lastStates = gaps[last] && states > 1 ? [last, last - 1] : [last];
  let end = -1;
  let endKind = STEP;
  let best = Number.POSITIVE_INFINITY;
  for (const s of lastStates)
    for (let kind = 0; kind < KINDS; kind++)
      if (previous[s * KINDS + kind]! < best) {
        best = previous[s * KINDS + kind]!;
        end = s;
        endKind = kind;
      }
  if (end < 0) return null;
  const stateOf = new Int32Array(frames);
  let s = end;
  let kind = endKind;
  for (let i = frames - 1; i >= 0; i--) {
    stateOf[i] = s;
    if (i === 0) break;
    const move = moves[(offsets[i]! + s - lo[i]!) * KINDS + kind]!;
    s -= Math.floor(move / KINDS);
    kind = move % KINDS;
  }
  return { stateOf, total: best };
}
