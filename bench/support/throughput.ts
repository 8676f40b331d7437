/*
 * Read throughput against a bare Fastify hello-world, at 50 connections, driven by two
 * load generators in processes of their own (autocannon and Debian's wrk), in interleaved
 * rounds: each ratio is judged only when its generator drove the hello-world to what this
 * machine gives it (ceiling.ts), and every ratio is shown beside its baseline's req/s.
 */
import type { Server } from './app-server';
import { type BaselineCheck, CEILING_SHARE, checkBaselines, judgedRatio } from './ceiling';
import { type Generator, type LoadResult, load, median } from './load';

export const THROUGHPUT_CONNECTIONS = 50;
export const GENERATORS: Generator[] = ['autocannon', 'wrk'];

export type ThroughputSubject = {
  key: string;
  what: string;
  path: string;
  headers?: Record<string, string>;
  /** The least share of the hello-world's req/s. */
  goal: number;
  /**
   * A goal in absolute terms instead (a parent's link: what a page open must cost, whatever
   * the hello-world does). Judged on the generators at the ceiling: the lowest req/s and
   * the highest p99 among them.
   */
  absolute?: { perSecond: number; p99Ms: number };
  before: string;
};

export type ThroughputRow = {
  what: string;
  baselineLabel: string;
  baseline: number;
  now: number;
  unit: string;
  ratio: string;
  goal: string;
  met: boolean;
  before: string;
  check: () => boolean;
};

type Results = Record<string, LoadResult[]>;

/** One round: the hello-world and each subject, with each generator in turn. */
export async function throughputRound(
  hello: Server,
  app: Server,
  subjects: readonly ThroughputSubject[],
  seconds: number,
  results: Results,
): Promise<void> {
  for (const generator of GENERATORS) {
    const run = async (
      key: string,
      server: Server,
      path: string,
      headers?: Record<string, string>,
    ) => {
      const result = await load(
        {
          url: `${server.url}${path}`,
          connections: THROUGHPUT_CONNECTIONS,
          seconds,
          headers,
          serverPid: server.process.pid,
        },
        generator,
      );
      results[`${key} ${generator}`] ??= [];
      results[`${key} ${generator}`]!.push(result);
    };
    await run('hello', hello, '/');
    for (const subject of subjects) await run(subject.key, app, subject.path, subject.headers);
  }
}

const pick = (results: Results, key: string, field: (r: LoadResult) => number | null) =>
  median((results[key] ?? []).map((r) => field(r) ?? 0));

export function baselineChecks(results: Results): BaselineCheck[] {
  return checkBaselines(
    Object.fromEntries(
      GENERATORS.map((g) => [
        g,
        {
          perSecond: pick(results, `hello ${g}`, (r) => r.perSecond),
          generatorBusy: pick(results, `hello ${g}`, (r) => r.generatorBusy),
          serverBusy: pick(results, `hello ${g}`, (r) => r.serverThreadBusy),
        },
      ]),
    ),
  );
}

/** One row per subject and generator; the goal is judged on the lowest counted ratio. */
export function throughputRows(
  results: Results,
  subjects: readonly ThroughputSubject[],
  fmt: (n: number, digits?: number) => string,
): ThroughputRow[] {
  const checks = baselineChecks(results);
  return subjects.flatMap((subject) => {
    const ratios = Object.fromEntries(
      GENERATORS.map((g) => [
        g,
        pick(results, `${subject.key} ${g}`, (r) => r.perSecond) /
          pick(results, `hello ${g}`, (r) => r.perSecond),
      ]),
    );
    const judged = judgedRatio(ratios, checks);
    const countedKeys = checks
      .filter((c) => c.atCeiling)
      .map((c) => `${subject.key} ${c.generator}`);
    const worstPerSecond = Math.min(
      ...countedKeys.map((k) => pick(results, k, (r) => r.perSecond)),
    );
    const worstP99 = Math.max(...countedKeys.map((k) => pick(results, k, (r) => r.p99)));
    const { absolute } = subject;
    const goal = absolute
      ? `≥ ${fmt(absolute.perSecond)} req/s and p99 ≤ ${absolute.p99Ms} ms (judged: ${countedKeys.length === 0 ? 'none counted' : `${fmt(worstPerSecond)} req/s, p99 ${fmt(worstP99, 1)} ms, the worst counted`})`
      : `≥ ${subject.goal}× baseline (judged: ${judged === null ? 'none counted' : `${fmt(judged, 3)}×, the lowest counted`})`;
    const met = absolute
      ? () =>
          countedKeys.length > 0 &&
          worstPerSecond >= absolute.perSecond &&
          worstP99 <= absolute.p99Ms
      : () => judged !== null && judged >= subject.goal;
    return GENERATORS.map((generator) => {
      const check = checks.find((c) => c.generator === generator)!;
      const counted = check.atCeiling;
      return {
        what: `${subject.what} req/s, ${THROUGHPUT_CONNECTIONS} connections, ${generator}`,
        baselineLabel: `bare Fastify hello-world by ${generator}${counted ? '' : check.headroom ? ' (below the ceiling: not counted)' : ' (generator without headroom: not counted)'}`,
        baseline: check.helloPerSecond,
        now: pick(results, `${subject.key} ${generator}`, (r) => r.perSecond),
        unit: 'req/s',
        ratio: `${fmt(ratios[generator]!, 3)}×`,
        goal,
        met: false,
        before: subject.before,
        check: met,
      };
    });
  });
}

/** What each generator and server did meanwhile, for the page's details. */
export function throughputDetails(
  results: Results,
  subjects: readonly ThroughputSubject[],
  fmt: (n: number, digits?: number) => string,
): string[] {
  const checks = baselineChecks(results);
  const keys = ['hello', ...subjects.map((s) => s.key)];
  return [
    `- Throughput baselines: ${checks
      .map(
        (c) =>
          `${c.generator} drove the hello-world to ${fmt(c.helloPerSecond)} req/s (${fmt(c.shareOfCeiling * 100)} % of the best generator, counted from ${fmt(CEILING_SHARE * 100)} %; ${c.headroom ? 'with' : '**without**'} headroom)`,
      )
      .join('; ')}. Each generator runs in its own process, one core's worth (wrk -t1).`,
    "- Per answer, the server main thread's CPU time, its busy share of one core and the generator's, medians (a server near 100 % busy is the limit; a generator near 100 % while the server is not, the generator is):",
    '',
    '| what | generator | req/s | p99 ms | server µs per answer | server thread busy | generator busy | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...keys.flatMap((key) =>
      GENERATORS.map((g) => {
        const k = `${key} ${g}`;
        const percent = (f: (r: LoadResult) => number | null) =>
          `${fmt(pick(results, k, f) * 100)} %`;
        return `| ${key} | ${g} | ${fmt(pick(results, k, (r) => r.perSecond))} | ${fmt(
          pick(results, k, (r) => r.p99),
          1,
        )} | ${fmt(
          pick(results, k, (r) => r.serverMicrosPerRequest),
          1,
        )} | ${percent((r) => r.serverThreadBusy)} | ${percent((r) => r.generatorBusy)} | ${(results[k] ?? []).reduce((s, r) => s + r.errors, 0)} |`;
      }),
    ),
    '',
  ];
}

/** Generators whose ratios are not counted, and whether any counted (else the run fails). */
export function baselineVerdict(results: Results): { notCounted: string[]; judged: boolean } {
  const checks = baselineChecks(results);
  return {
    notCounted: checks.filter((c) => !c.atCeiling).map((c) => c.generator),
    judged: checks.some((c) => c.atCeiling),
  };
}
