import { CEPSTRA, DIMS, STATIC, withDeltas } from './features';

/** How strongly the mapping is held to "no change" (per aligned frame pair, in ridge terms). */
const RIDGE_PER_PAIR = 0.05;

/** Solves A·x = b in place for a small dense system (Gaussian elimination with pivoting). */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r;
    if (pivot !== col) {
      for (let c = 0; c < n; c++) {
        const t = a[col * n + c]!;
        a[col * n + c] = a[pivot * n + c]!;
        a[pivot * n + c] = t;
      }
      const t = b[col]!;
      b[col] = b[pivot]!;
      b[pivot] = t;
    }
    const diagonal = a[col * n + col]! || 1e-12;
    for (let r = col + 1; r < n; r++) {
      const factor = a[r * n + col]! / diagonal;
      if (factor === 0) continue;
      for (let c = col; c < n; c++) a[r * n + c]! -= factor * a[col * n + c]!;
      b[r]! -= factor * b[col]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let sum = b[r]!;
    for (let c = r + 1; c < n; c++) sum -= a[r * n + c]! * x[c]!;
    x[r] = sum / (a[r * n + r]! || 1e-12);
  }
  return x;
}

/**
 * Brings the reference voice nearer the teacher's: an affine map of the reference's
 * cepstra onto the recording's, fitted by least squares over frames a first warp paired,
 * held towards "no change" so that a few pairs cannot bend it far. A different vocal
 * tract length shifts every formant by a factor, which in the cepstral domain is close
 * to a linear map, so this is a rough vocal-tract-length normalisation learned from the
 * recording itself.
 */
export function adaptReference(
  recording: Float32Array,
  reference: Float32Array,
  referenceCount: number,
  pairs: Array<[recordingFrame: number, referenceFrame: number]>,
): Float32Array {
  const n = CEPSTRA + 1;
  const ridge = RIDGE_PER_PAIR * pairs.length;
  const gram = new Float64Array(n * n);
  const targets = Array.from({ length: CEPSTRA }, () => new Float64Array(n));
  const input = new Float64Array(n);
  for (const [recFrame, refFrame] of pairs) {
    for (let k = 0; k < CEPSTRA; k++) input[k] = reference[refFrame * DIMS + k]!;
    input[CEPSTRA] = 1;
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) gram[r * n + c]! += input[r]! * input[c]!;
    for (let out = 0; out < CEPSTRA; out++) {
      const target = recording[recFrame * DIMS + out]!;
      for (let r = 0; r < n; r++) targets[out]![r]! += input[r]! * target;
    }
  }
  const weights = targets.map((target, out) => {
    const a = Float64Array.from(gram);
    const b = Float64Array.from(target);
    for (let d = 0; d < n; d++) a[d * n + d]! += ridge;
    b[out]! += ridge;
    return solve(a, b, n);
  });
  const statics = new Float64Array(referenceCount * STATIC);
  for (let f = 0; f < referenceCount; f++) {
    for (let out = 0; out < CEPSTRA; out++) {
      const w = weights[out]!;
      let sum = w[CEPSTRA]!;
      for (let k = 0; k < CEPSTRA; k++) sum += w[k]! * reference[f * DIMS + k]!;
      statics[f * STATIC + out] = sum;
    }
    statics[f * STATIC + CEPSTRA] = reference[f * DIMS + CEPSTRA]!;
  }
  return withDeltas(statics, referenceCount);
}
