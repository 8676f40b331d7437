import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseScore = {
  path: string;
  /** 0–100, as Lighthouse's report shows them: the median run's. */
  performance: number;
  accessibility: number;
  /** Every run's performance score, in the order they ran. */
  runs: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points: accessibility failures and performance opportunities. */
  findings: string[];
  /** The opportunities and diagnostics worth looking at, biggest first, one line each. */
  details: string[];
};

/**
 * Loads of each page: Lighthouse's own advice for scores that vary from run to run (the
 * blocking time is measured on this machine's CPU, which the server shares) is the median
 * of several runs. Its simulation scales every task by four, so a task that takes 13 ms
 * here instead of 12 adds 4 ms of blocking time.
 */
export const RUNS_PER_PAGE = 3;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
const performanceOf = (result: Result) => result.lhr.categories.performance?.score ?? 0;

/**
 * Lighthouse (performance and accessibility, its default mobile profile with simulated
 * throttling) on each page, `runs` cold loads each, in the Debian Chromium the browser tests
 * use; each page is reported by its median run (by performance score), with every run's
 * score beside it. Signed-in pages get their session cookie as a request header. With
 * `reportDir`, each page's median report is written there (open it in the Lighthouse viewer).
 */
export async function lighthouseScores(
  baseURL: string,
  pages: { path: string; cookie?: string }[],
  reportDir?: string,
  runs = RUNS_PER_PAGE,
): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
    ],
  });
  const scores: LighthouseScore[] = [];
  try {
    for (const [index, { path, cookie }] of pages.entries()) {
      const load = () =>
        lighthouse(new URL(path, baseURL).toString(), {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        });
      const measure = async () => {
        let result = await load();
        // Lighthouse sometimes fails to record its own trace (NO_NAVSTART, seen about once
        // in twenty loads here) and scores the page 0: that is the tool, not the page, so
        // the load is measured again, at most twice; a page that keeps failing keeps its
        // error.
        for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) result = await load();
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        return result;
      };
      const results: Result[] = [];
      for (let run = 0; run < runs; run++) results.push(await measure());
      const sorted = [...results].sort((a, b) => performanceOf(a) - performanceOf(b));
      const result = sorted[Math.floor((sorted.length - 1) / 2)] as Result;
      if (reportDir) writeFileSync(join(reportDir, `page-${index}.json`), result.report as string);
      const { audits } = result.lhr;
      const findings = Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 0.9 &&
            (audit.scoreDisplayMode === 'binary' || audit.details?.type === 'opportunity'),
        )
        .map((audit) => audit.id);
      scores.push({
        path,
        performance: Math.round(performanceOf(result) * 100),
        // Accessibility does not depend on the machine: the lowest run, should one differ.
        accessibility: Math.min(
          ...results.map((each) =>
            Math.round((each.lhr.categories.accessibility?.score ?? 0) * 100),
          ),
        ),
        runs: results.map((each) => Math.round(performanceOf(each) * 100)),
        fcpMs: audits['first-contentful-paint']?.numericValue ?? 0,
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        findings,
        details: [
          ...(result.lhr.runtimeError ? [`runtime error: ${result.lhr.runtimeError.code}`] : []),
          ...auditLines(audits),
        ],
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/** Failing opportunities and diagnostics with their display value (savings, counts). */
function auditLines(audits: Audits): string[] {
  return Object.values(audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'manual' &&
        audit.scoreDisplayMode !== 'informative',
    )
    .sort(
      (a, b) =>
        ((b.details as { overallSavingsMs?: number })?.overallSavingsMs ?? 0) -
        ((a.details as { overallSavingsMs?: number })?.overallSavingsMs ?? 0),
    )
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/**
 * Lighthouse on the five pages with a performance goal (/, /login, /student, /teacher and a
 * shared link), the shared link a real one: the teacher (`teacherCookie`) shares their
 * newest document through the API first.
 */
export async function lighthouseOnFivePages(
  url: string,
  teacherCookie: string,
  reportDir?: string,
) {
  console.log('Lighthouse on five pages...');
  const headers = { cookie: teacherCookie, origin: url, 'content-type': 'application/json' };
  const [newest] = (await (await fetch(`${url}/api/documents?limit=1`, { headers })).json()) as {
    id: number;
  }[];
  const shared = (await (
    await fetch(`${url}/api/documents/${newest!.id}/share-feedback`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ studentName: 'Bench Pupil', sendEmail: false }),
    })
  ).json()) as { shareableLink: string };
  return lighthouseScores(
    url,
    [
      { path: '/' },
      { path: '/login' },
      { path: '/student' },
      { path: '/teacher', cookie: teacherCookie },
      { path: new URL(shared.shareableLink).pathname },
    ],
    reportDir,
  );
}
