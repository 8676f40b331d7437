import { describe, expect, it } from 'vitest';
import { arrowHead, type Ink, inkBounds, strokePath } from './ink';

const stroke = (points: [number, number][], width = 0.01) => ({
  tool: 'pen' as const,
  colour: 'red' as const,
  width,
  points,
});

describe('a drawing’s region', () => {
  it('is the box round every point and half the line’s width', () => {
    const ink: Ink = {
      page: 2,
      strokes: [
        stroke([
          [0.2, 0.3],
          [0.4, 0.5],
        ]),
        stroke(
          [
            [0.6, 0.1],
            [0.7, 0.2],
          ],
          0.02,
        ),
      ],
    };
    const region = inkBounds(ink);
    expect(region.page).toBe(2);
    expect(region.x).toBeCloseTo(0.195, 6);
    expect(region.y).toBeCloseTo(0.09, 6);
    expect(region.x + region.width).toBeCloseTo(0.71, 6);
    expect(region.y + region.height).toBeCloseTo(0.505, 6);
  });

  it('stays on the page and is never smaller than the smallest region', () => {
    const edge = inkBounds({
      page: 1,
      strokes: [
        stroke(
          [
            [0, 0],
            [1, 1],
          ],
          0.05,
        ),
      ],
    });
    expect(edge).toEqual({ page: 1, x: 0, y: 0, width: 1, height: 1 });
    // A dot in the corner: a region of 1 % a side, still inside the page.
    const dot = inkBounds({
      page: 1,
      strokes: [
        stroke(
          [
            [1, 1],
            [1, 1],
          ],
          0.001,
        ),
      ],
    });
    expect(dot.width).toBeCloseTo(0.01, 6);
    expect(dot.height).toBeCloseTo(0.01, 6);
    expect(dot.x + dot.width).toBeLessThanOrEqual(1);
    expect(dot.y + dot.height).toBeLessThanOrEqual(1);
  });
});

describe('paths', () => {
  it('smooths a pen line through its midpoints and ends on its last point', () => {
    const path = strokePath(
      stroke([
        [0, 0],
        [0.5, 0],
        [0.5, 0.5],
        [1, 1],
      ]),
      100,
      200,
    );
    expect(path).toBe('M 0 0 Q 50 0 50 50 Q 50 100 75 150 L 100 200');
  });

  it('draws shapes from their two corners, whichever way they were dragged', () => {
    const rectangle = {
      ...stroke([
        [0.5, 0.5],
        [0.1, 0.2],
      ]),
      tool: 'rectangle' as const,
    };
    expect(strokePath(rectangle, 100, 100)).toBe('M 10 20 L 50 20 L 50 50 L 10 50 Z');
    const ellipse = {
      ...stroke([
        [0.1, 0.2],
        [0.5, 0.6],
      ]),
      tool: 'ellipse' as const,
    };
    expect(strokePath(ellipse, 100, 100)).toBe('M 10 40 a 20 20 0 1 0 40 0 a 20 20 0 1 0 -40 0 Z');
  });

  it('gives an arrow two barbs at 30° either side of its shaft, pointing back along it', () => {
    const [left, right] = arrowHead([0, 0], [100, 0], 2);
    // A fifth of the shaft (20), within 3 to 12 widths (6 to 24).
    expect(left[0]).toBeCloseTo(100 - 20 * Math.cos(Math.PI / 6), 6);
    expect(Math.abs(left[1])).toBeCloseTo(10, 6);
    expect(right[1]).toBeCloseTo(-left[1], 6);
  });
});
