import type { LighthouseScore } from './lighthouse';
import { RUNS_PER_PAGE } from './lighthouse';

/** The Lighthouse rows and lines of docs/benchmarks.md (bench/speed.bench.ts). */
type Row = {
  what: string;
  baselineLabel: string;
  baseline: number;
  now: number;
  unit: string;
  ratio: string;
  goal: string;
  met: boolean;
  before: string;
};

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The lowest score of the five pages against the goal; no baseline page exists for it. */
export function lighthouseRows(scores: LighthouseScore[]): Row[] {
  return (['performance', 'accessibility'] as const).map((category) => {
    const lowest = Math.min(...scores.map((s) => s[category]));
    const goal = category === 'performance' ? 95 : 100;
    return {
      what: `Lighthouse ${category}, lowest of /, /login, /student, /teacher, a shared link`,
      baselineLabel: 'goal',
      baseline: goal,
      now: lowest,
      unit: '',
      ratio: `${fmt(lowest / goal, 2)}×`,
      goal: `≥ ${goal}`,
      met: lowest >= goal,
      before: category === 'performance' ? '54–59' : 'not measured',
    };
  });
}

export function lighthouseLines(scores: LighthouseScore[] | null): string[] {
  if (!scores) return ['- Lighthouse was skipped (`--no-lighthouse`).', ''];
  return [
    '',
    '### Lighthouse (mobile profile, simulated throttling; goal: performance ≥ 95, accessibility 100)',
    '',
    `Scores depend on this machine: total blocking time is measured on its CPU, which other work shares. Each page is loaded ${RUNS_PER_PAGE} times and reported by its median run (Lighthouse's advice for variable scores); the figures are that run's.`,
    '',
    '| page | performance (median) | every run | accessibility | LCP | TBT | CLS | points lost to |',
    '|---|---|---|---|---|---|---|---|',
    ...scores.map(
      (s) =>
        `| \`${s.path.startsWith('/feedback-view/') ? '/feedback-view/…' : s.path}\` | ${s.performance} | ${s.runs.join(', ')} | ${s.accessibility} | ${fmt(s.lcpMs)} ms | ${fmt(s.tbtMs)} ms | ${fmt(s.cls, 3)} | ${s.findings.join(', ') || '—'} |`,
    ),
    '',
  ];
}
