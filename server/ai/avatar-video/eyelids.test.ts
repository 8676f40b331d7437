import { describe, expect, it } from 'vitest';
import { curveAt } from './eyelids';

describe("an eyelid's edge", () => {
  // An upper lid: corners at ±20, the two lid landmarks higher up (v grows downwards).
  const lid = [
    { u: -20, v: 0 },
    { u: -7, v: -9 },
    { u: 7, v: -9 },
    { u: 20, v: 0 },
  ];

  it('passes through the landmarks and keeps the ends beyond them', () => {
    for (const point of lid) expect(curveAt(lid, point.u)).toBeCloseTo(point.v, 6);
    expect(curveAt(lid, -30)).toBe(0);
    expect(curveAt(lid, 30)).toBe(0);
  });

  it('bends smoothly through a landmark instead of turning a corner there', () => {
    const slope = (u: number) => (curveAt(lid, u + 0.01) - curveAt(lid, u - 0.01)) / 0.02;
    // Just before and just after the landmark at u = -7: the same direction.
    expect(Math.abs(slope(-7.05) - slope(-6.95))).toBeLessThan(0.05);
    // Between two landmarks the edge rounds past the straight chord, as a lid does.
    expect(curveAt(lid, 0)).toBeLessThan(-9);
  });
});
