/*
 * Is a throughput ratio's baseline the server's ceiling, or the load generator's? A ratio
 * against a bare Fastify hello-world only means something when the hello-world was driven
 * as hard as this machine allows: a generator that cannot send more than N requests a
 * second makes every server look as fast as N. Two rules:
 *  - two generators of different make (autocannon, in Node; Debian's wrk, in C) drive the
 *    same hello-world in the same rounds. The best of them is what the machine gives a
 *    bare Fastify; a generator whose hello-world falls short of it by more than
 *    CEILING_SHARE is itself a limit, and its ratios are shown but not counted;
 *  - the generators that count must have headroom on the hello-world: a generator using
 *    GENERATOR_BUSY_LIMIT of a core while the server's thread is less busy than that may be
 *    the limit for both. Then nothing can be judged, and the run fails.
 */
/** A generator's hello-world must reach this share of the best generator's. */
export const CEILING_SHARE = 0.85;
/** A generator this busy (share of one core) may be the limit of what it measures. */
export const GENERATOR_BUSY_LIMIT = 0.9;

export type HelloRun = { perSecond: number; generatorBusy: number; serverBusy: number };

export type BaselineCheck = {
  generator: string;
  helloPerSecond: number;
  /** This generator's hello-world ÷ the best generator's. */
  shareOfCeiling: number;
  /** It had CPU to spare, or the server was as busy as it. */
  headroom: boolean;
  atCeiling: boolean;
};

/** Each generator's hello-world (medians) against the best of them. */
export function checkBaselines(hello: Record<string, HelloRun>): BaselineCheck[] {
  const ceiling = Math.max(...Object.values(hello).map((run) => run.perSecond));
  return Object.entries(hello).map(([generator, run]) => {
    const shareOfCeiling = ceiling > 0 ? run.perSecond / ceiling : 0;
    const headroom =
      run.generatorBusy < GENERATOR_BUSY_LIMIT || run.serverBusy >= run.generatorBusy;
    return {
      generator,
      helloPerSecond: run.perSecond,
      shareOfCeiling,
      headroom,
      atCeiling: shareOfCeiling >= CEILING_SHARE && headroom,
    };
  });
}

/**
 * The ratio a goal is judged on: the lowest among generators at the ceiling (a generator
 * that drives the subject less hard than the baseline flatters it; taking the lowest
 * keeps either from doing so). Null when no generator reached the ceiling.
 */
export function judgedRatio(
  ratios: Record<string, number>,
  checks: readonly BaselineCheck[],
): number | null {
  const counted = checks
    .filter((check) => check.atCeiling && ratios[check.generator] !== undefined)
    .map((check) => ratios[check.generator]!);
  return counted.length > 0 ? Math.min(...counted) : null;
}
