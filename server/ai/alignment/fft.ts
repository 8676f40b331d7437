/**
 * The power spectrum of one real frame by an in-place radix-2 FFT. The frame is
 * zero-padded to `size` (a power of two); bins 0..size/2 are written to `power`.
 * Twiddle factors and the bit-reversal table are computed once per size.
 */
export class PowerSpectrum {
  readonly size: number;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Uint32Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;

  constructor(size: number) {
    if (size < 2 || (size & (size - 1)) !== 0) throw new Error('FFT size must be a power of two');
    this.size = size;
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let k = 0; k < size / 2; k++) {
      this.cos[k] = Math.cos((2 * Math.PI * k) / size);
      this.sin[k] = -Math.sin((2 * Math.PI * k) / size);
    }
    this.reversed = new Uint32Array(size);
    const bits = Math.log2(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
    this.re = new Float64Array(size);
    this.im = new Float64Array(size);
  }

  /** |X[k]|² for k = 0..size/2 of `frame` (at most `size` samples). */
  compute(frame: ArrayLike<number>, power: Float64Array): void {
    const { size, re, im, reversed } = this;
    re.fill(0);
    im.fill(0);
    const length = Math.min(frame.length, size);
    for (let i = 0; i < length; i++) re[reversed[i]!] = frame[i]!;
    for (let half = 1; half < size; half *= 2) {
      const step = size / (2 * half);
      for (let start = 0; start < size; start += 2 * half) {
        for (let k = 0; k < half; k++) {
          const c = this.cos[k * step]!;
          const s = this.sin[k * step]!;
          const a = start + k;
          const b = a + half;
          const tr = re[b]! * c - im[b]! * s;
          const ti = re[b]! * s + im[b]! * c;
          re[b] = re[a]! - tr;
          im[b] = im[a]! - ti;
          re[a] = re[a]! + tr;
          im[a] = im[a]! + ti;
        }
      }
    }
    for (let k = 0; k <= size / 2; k++) power[k] = re[k]! * re[k]! + im[k]! * im[k]!;
  }
}
