/*
 * What the soak counts: every request by kind (latency, answer), every error with enough
 * detail to find its cause, and the memory of each server process over time.
 */

export type SoakError = { atMs: number; kind: string; what: string };

/** Keeps the first errors whole; the rest are only counted (a broken run can make many). */
const KEPT_ERRORS = 50;

export class RequestLog {
  private readonly latencies = new Map<string, number[]>();
  private readonly started = Date.now();
  requests = 0;
  errorCount = 0;
  readonly errors: SoakError[] = [];

  /** A request that answered (ok or not) or failed on the network, with its latency. */
  record(kind: string, ms: number, error?: string) {
    this.requests += 1;
    let list = this.latencies.get(kind);
    if (!list) {
      list = [];
      this.latencies.set(kind, list);
    }
    list.push(ms);
    if (error !== undefined) this.fail(kind, error);
  }

  /** An error that is not one request's answer: a process that logged one, or exited. */
  fail(kind: string, what: string) {
    this.errorCount += 1;
    if (this.errors.length < KEPT_ERRORS) {
      this.errors.push({ atMs: Date.now() - this.started, kind, what });
    }
  }

  /** Count, p50 and p99 (ms) per kind, the busiest kind first. */
  byKind() {
    return [...this.latencies]
      .map(([kind, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return {
          kind,
          count: sorted.length,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted.at(-1) ?? 0,
        };
      })
      .sort((a, b) => b.count - a.count);
  }

  /** p50 and p99 over every request of every kind. */
  overall() {
    const sorted = [...this.latencies.values()].flat().sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  }
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One reading of a process's resident memory: minutes since the soak began, MiB. */
export type MemorySample = { minutes: number; mib: number };

export type MemoryVerdict = {
  /** Mean RSS over the middle third of the run (the first third is warm-up). */
  middleMiB: number;
  /** Mean RSS over the last third. */
  lastMiB: number;
  /** lastMiB against middleMiB, in per cent. */
  growthPercent: number;
  /** Least-squares slope over the middle and last thirds, MiB per minute. */
  slopeMiBPerMinute: number;
  peakMiB: number;
  flat: boolean;
};

/** "Memory flat": the last third at most this much above the middle third. */
export const FLAT_GROWTH_PERCENT = 10;

/**
 * Splits the run into thirds by time: the first is warm-up (JIT, pools, caches filling),
 * and the last third's mean is compared with the middle third's. The slope over both
 * says how fast memory would still be climbing if the run went on.
 */
export function memoryVerdict(samples: MemorySample[], minutes: number): MemoryVerdict {
  const third = minutes / 3;
  const mean = (list: MemorySample[]) =>
    list.reduce((sum, s) => sum + s.mib, 0) / Math.max(1, list.length);
  const middle = samples.filter((s) => s.minutes >= third && s.minutes < 2 * third);
  const last = samples.filter((s) => s.minutes >= 2 * third);
  const middleMiB = mean(middle);
  const lastMiB = mean(last);
  const growthPercent = middleMiB > 0 ? ((lastMiB - middleMiB) / middleMiB) * 100 : 0;
  return {
    middleMiB,
    lastMiB,
    growthPercent,
    slopeMiBPerMinute: slope([...middle, ...last]),
    peakMiB: Math.max(0, ...samples.map((s) => s.mib)),
    flat: middle.length > 0 && last.length > 0 && growthPercent <= FLAT_GROWTH_PERCENT,
  };
}

/** Ordinary least-squares slope of mib over minutes. */
export function slope(samples: MemorySample[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((sum, s) => sum + s.minutes, 0) / n;
  const my = samples.reduce((sum, s) => sum + s.mib, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.minutes - mx) * (s.mib - my);
    variance += (s.minutes - mx) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}
