import { describe, expect, it } from 'vitest';
import { marginSlots } from './margin-badges';

describe('feedback numbers in the margin', () => {
  it('sit level with the first line of their passage', () => {
    const slots = marginSlots(
      [
        { id: 7, top: 40 },
        { id: 3, top: 10 },
      ],
      3,
    );
    expect(slots.get(3)).toBe(10);
    expect(slots.get(7)).toBe(40);
  });

  it('move down below the number above when their passages start on one line', () => {
    const slots = marginSlots(
      [
        { id: 1, top: 20 },
        { id: 2, top: 20.5 },
        { id: 3, top: 21 },
        { id: 4, top: 60 },
      ],
      3,
    );
    expect([slots.get(1), slots.get(2), slots.get(3), slots.get(4)]).toEqual([20, 23, 26, 60]);
  });
});
