import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseScore = {
  path: string;
  /** 0–100, as Lighthouse's report shows them. */
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points: accessibility failures and performance opportunities. */
  findings: string[];
};

/**
 * Lighthouse (performance and accessibility, its default mobile profile with simulated
 * throttling) on each page, one cold load each, in the Debian Chromium the browser tests
 * use. Signed-in pages get their session cookie as a request header.
 */
export async function lighthouseScores(
  baseURL: string,
  pages: { path: string; cookie?: string }[],
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
    for (const { path, cookie } of pages) {
      const result = await lighthouse(new URL(path, baseURL).toString(), {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
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
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        findings,
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
