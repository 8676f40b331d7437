import { describe, expect, it } from 'vitest';
import { CEILING_SHARE, checkBaselines, judgedRatio } from './ceiling';

const run = (perSecond: number, generatorBusy = 0.4, serverBusy = 0.7) => ({
  perSecond,
  generatorBusy,
  serverBusy,
});

describe('the throughput baselines', () => {
  it('are at the ceiling when within its share of the best generator', () => {
    const checks = checkBaselines({ autocannon: run(30_000), wrk: run(34_000) });
    expect(checks.map((c) => [c.generator, c.atCeiling])).toEqual([
      ['autocannon', 30_000 / 34_000 >= CEILING_SHARE],
      ['wrk', true],
    ]);
  });

  it('drop a capped generator, whose ratios would flatter the server', () => {
    const checks = checkBaselines({ autocannon: run(7_000), wrk: run(34_000) });
    expect(checks.find((c) => c.generator === 'autocannon')?.atCeiling).toBe(false);
    expect(judgedRatio({ autocannon: 0.78, wrk: 0.31 }, checks)).toBe(0.31);
  });

  it('judge a goal on the lowest ratio of the generators at the ceiling', () => {
    const checks = checkBaselines({ autocannon: run(33_000), wrk: run(34_000) });
    expect(judgedRatio({ autocannon: 0.52, wrk: 0.48 }, checks)).toBe(0.48);
  });

  it('judge nothing when the best generator had no headroom, nor when none answered', () => {
    const busy = checkBaselines({
      autocannon: run(30_000, 0.99, 0.6),
      wrk: run(31_000, 0.97, 0.5),
    });
    expect(busy.every((c) => !c.headroom)).toBe(true);
    expect(judgedRatio({ autocannon: 0.6, wrk: 0.6 }, busy)).toBeNull();
    expect(judgedRatio({ autocannon: 0.5 }, checkBaselines({ autocannon: run(0) }))).toBeNull();
  });

  it('count a busy generator when the server was at least as busy', () => {
    expect(checkBaselines({ wrk: run(50_000, 0.95, 0.99) })[0]?.atCeiling).toBe(true);
  });
});
