/*
 * eSpeak's pitch knob (0-99) against the median pitch it then speaks at, measured on this
 * build with the voice-analysis pitch tracker (a few sentences of British English at
 * 160 words per minute). The knob is not linear in hertz and each variant family has its
 * own range, so the knob for a wanted pitch is read off these curves. Below knob 50 the
 * male voice drops under the tracker's 60 Hz floor; its curve is extended with the slope
 * of its lower half and never set below knob 30. Each variant has its own voice file
 * pitch range, so the voice types a teacher can choose have their own curves; `female`
 * and `male` are f3's and m3's.
 */
const CURVES = {
  female: [
    [0, 155],
    [25, 180],
    [50, 216],
    [75, 267],
    [99, 340],
  ],
  male: [
    [30, 81],
    [50, 105],
    [75, 135],
    [99, 174],
  ],
  f2: [
    [0, 132],
    [25, 158],
    [50, 195],
    [75, 250],
    [99, 325],
  ],
  m6: [
    [25, 79],
    [50, 101],
    [75, 131],
    [99, 172],
  ],
} as const;

type Curve = ReadonlyArray<readonly [number, number]>;

/** The curve of a variant ('f2', 'm3', …) or family; a variant without one uses its family's. */
function curveOf(voice: string): Curve {
  if (voice in CURVES) return CURVES[voice as keyof typeof CURVES];
  return voice.startsWith('m') ? CURVES.male : CURVES.female;
}

/** The pitch knob at which the variant (or the variant family) speaks nearest to `hertz`. */
export function espeakPitchFor(voice: 'female' | 'male' | (string & {}), hertz: number): number {
  const curve = curveOf(voice);
  const first = curve[0] as readonly [number, number];
  const last = curve[curve.length - 1] as readonly [number, number];
  if (!Number.isFinite(hertz) || hertz <= first[1]) return first[0];
  if (hertz >= last[1]) return last[0];
  for (let i = 1; i < curve.length; i++) {
    const [knobA, hzA] = curve[i - 1] as readonly [number, number];
    const [knobB, hzB] = curve[i] as readonly [number, number];
    if (hertz <= hzB) return Math.round(knobA + ((hertz - hzA) / (hzB - hzA)) * (knobB - knobA));
  }
  return last[0];
}
