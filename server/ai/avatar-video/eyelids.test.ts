import { describe, expect, it } from 'vitest';
import type { Point } from '../media-types';
import { curveAt, paintEyelids } from './eyelids';
import { yuvFrame } from './yuv';

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

describe('a shut eyelid', () => {
  // One eye, 40 px corner to corner and 12 px open, in a made-up face whose rows are, from
  // the top: the brow bone's highlight, the lid's skin, a thick line of lashes and liner
  // just above the eye, the eye (white, iris, white), lower lashes, then the skin under it.
  const width = 160;
  const height = 120;
  const toneAt = (x: number, y: number) => {
    if (y < 40) return 205;
    if (y < 48) return 185;
    if (y < 54) return 50;
    if (y < 66) return x > 74 && x < 86 ? 40 : 230;
    if (y < 68) return 120;
    return 170;
  };
  const points: Point[] = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
  const eye: Point[] = [
    { x: 60, y: 60 },
    { x: 73, y: 54 },
    { x: 87, y: 54 },
    { x: 100, y: 60 },
    { x: 87, y: 66 },
    { x: 73, y: 66 },
  ];
  eye.forEach((p, k) => {
    points[36 + k] = p;
    points[42 + k] = p;
  });

  function shut(amount: number) {
    const frame = yuvFrame(width, height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) frame.y.data[y * width + x] = toneAt(x, y);
    }
    frame.u.data.fill(118);
    frame.v.data.fill(140);
    paintEyelids(frame, points, amount);
    return (x: number, y: number) => frame.y.data[y * width + x] as number;
  }

  it('covers the eye and its upper lashes with skin in the light of the skin around it', () => {
    const luma = shut(1);
    const lid: number[] = [];
    for (let y = 54; y <= 63; y++) for (let x = 70; x <= 90; x++) lid.push(luma(x, y));
    // Neither the dark iris and lashes nor the brow bone's highlight.
    expect(Math.min(...lid)).toBeGreaterThan(150);
    expect(Math.max(...lid)).toBeLessThan(200);
  });

  it('joins the skin above it without a dark rim where the lashes were', () => {
    const luma = shut(1);
    for (const x of [72, 80, 88]) {
      const column = Array.from({ length: 64 - 36 }, (_, k) => luma(x, 36 + k));
      expect(Math.min(...column), `column ${x}`).toBeGreaterThan(150);
    }
  });

  it('leaves an open eye as it is', () => {
    const luma = shut(0);
    expect(luma(80, 60)).toBe(40);
    expect(luma(80, 50)).toBe(50);
  });
});
