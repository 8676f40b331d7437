import { describe, expect, it } from 'vitest';
import { formatDateGb, formatDuration, formatLongDateGb } from './format-time';

describe('formatDuration', () => {
  it('reads seconds as m:ss', () => {
    expect(formatDuration(3)).toBe('0:03');
    expect(formatDuration(62.4)).toBe('1:02');
    expect(formatDuration(600)).toBe('10:00');
  });

  it('reads a missing length as 0:00', () => {
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('en-GB dates', () => {
  it('formats short and long dates the British way', () => {
    const date = new Date(2026, 10, 22, 12);
    expect(formatDateGb(date)).toBe('22/11/2026');
    expect(formatLongDateGb(date)).toBe('22 November 2026');
  });
});
