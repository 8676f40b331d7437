import { describe, expect, it } from 'vitest';
import { type MemorySample, memoryVerdict, percentile, RequestLog, slope } from './soak-stats';

/** One reading every 10 s for `minutes`, memory given by `mib(minute)`. */
const readings = (minutes: number, mib: (minute: number) => number): MemorySample[] =>
  Array.from({ length: minutes * 6 + 1 }, (_, i) => ({ minutes: i / 6, mib: mib(i / 6) }));

describe('memory verdict', () => {
  it('calls memory that climbs during warm-up and then holds flat', () => {
    const verdict = memoryVerdict(
      readings(9, (m) => (m < 3 ? 150 + 30 * m : 240)),
      9,
    );
    expect(verdict.middleMiB).toBe(240);
    expect(verdict.lastMiB).toBe(240);
    expect(verdict.growthPercent).toBe(0);
    expect(verdict.slopeMiBPerMinute).toBeCloseTo(0, 10);
    expect(verdict.flat).toBe(true);
  });

  it('calls a steady leak after warm-up not flat, with its rate', () => {
    // 200 MiB at minute 3, then 20 MiB more every minute.
    const verdict = memoryVerdict(
      readings(9, (m) => 200 + 20 * Math.max(0, m - 3)),
      9,
    );
    expect(verdict.slopeMiBPerMinute).toBeCloseTo(20, 6);
    expect(verdict.growthPercent).toBeGreaterThan(10);
    expect(verdict.flat).toBe(false);
    expect(verdict.peakMiB).toBe(200 + 20 * 6);
  });

  it('cannot call memory flat without readings in both thirds', () => {
    expect(memoryVerdict([{ minutes: 0, mib: 100 }], 9).flat).toBe(false);
  });
});

describe('slope and percentiles', () => {
  it('fits a straight line exactly', () => {
    expect(
      slope([
        { minutes: 1, mib: 10 },
        { minutes: 2, mib: 12 },
        { minutes: 4, mib: 16 },
      ]),
    ).toBeCloseTo(2, 10);
  });

  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([], 99)).toBe(0);
  });
});

describe('request log', () => {
  it('counts requests and errors by kind, keeping the errors said', () => {
    const log = new RequestLog();
    log.record('GET /a', 5);
    log.record('GET /a', 15);
    log.record('GET /b', 50, '500 from app-a: boom');
    log.fail('worker', 'exited during the soak');
    expect(log.requests).toBe(3);
    expect(log.errorCount).toBe(2);
    expect(log.errors.map((e) => e.kind)).toEqual(['GET /b', 'worker']);
    expect(log.byKind()).toEqual([
      { kind: 'GET /a', count: 2, p50: 5, p99: 15, max: 15 },
      { kind: 'GET /b', count: 1, p50: 50, p99: 50, max: 50 },
    ]);
  });
});
