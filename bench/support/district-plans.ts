/*
 * The plans PostgreSQL chose for the queries a page really sends: the app is built in this
 * process on one connection that loads auto_explain (log_analyze, log_buffers) and has it
 * send each plan back as a notice, and each subject's request is sent to it once. What is
 * explained is then exactly the SQL the routes run, with their parameters, on the district.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { loadConfig } from '../../server/platform/config';
import type { AppContext } from '../../server/records/context';

export type PlanRequest = {
  subject: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  cookie: string;
  body?: unknown;
};

export type CapturedPlan = {
  query: string;
  plan: string;
  /** auto_explain's duration of the statement, in milliseconds. */
  ms: number | null;
  seqScans: string[];
};
export type SubjectPlans = { subject: string; status: number; plans: CapturedPlan[] };

/** Tables with a row per pupil, hand-in or comment: a sequential scan of one is a finding. */
export const BIG_TABLES = [
  'students',
  'documents',
  'feedback',
  'links',
  'link_views',
  'parent_reports',
  'lesson_plans',
  'lessons',
  'teacher_sessions',
  'files',
];

const AUTO_EXPLAIN = [
  'session_preload_libraries=auto_explain',
  'auto_explain.log_min_duration=0',
  'auto_explain.log_analyze=on',
  'auto_explain.log_buffers=on',
  'auto_explain.log_timing=on',
  'auto_explain.log_level=notice',
]
  .map((setting) => `-c ${setting}`)
  .join(' ');

/** Splits auto_explain's notice into the query and its plan; tables read by Seq Scan. */
export function parseExplainNotice(message: string): CapturedPlan | null {
  const match = /Query Text: ([\s\S]*?)\n(\s*\S[\s\S]*)$/.exec(message);
  if (!match) return null;
  const [, query, plan] = match;
  const seqScans = [...plan!.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!);
  const ms = /duration: ([\d.]+) ms/.exec(message)?.[1];
  return {
    query: query!.trim(),
    plan: plan!.replace(/^\s*\n/, ''),
    ms: ms === undefined ? null : Number(ms),
    seqScans,
  };
}

/** Work that is not a request (a scheduled task), run with the app's context. */
export type PlanTask = { subject: string; run: (ctx: AppContext) => Promise<unknown> };

export async function capturePlans(
  databaseUrl: string,
  requests: PlanRequest[],
  env: Record<string, string>,
  tasks: PlanTask[] = [],
): Promise<SubjectPlans[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cv-district-plans-'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: AUTO_EXPLAIN });
  let notices: string[] = [];
  pool.on('connect', (client) =>
    client.on('notice', (notice) => notices.push(notice.message ?? '')),
  );
  const config = loadConfig({
    ...env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    // The file store of the instances measured, when given: an export reads its files.
    DATA_DIR: env.DATA_DIR ?? dataDir,
    LOG_LEVEL: 'silent',
    RUN_JOBS: 'false',
    PUBLIC_URL: 'http://127.0.0.1:1',
  });
  config.webRoot = undefined;
  const db = drizzle(pool, { schema }) as unknown as Database;
  const { app, ctx } = await buildApp({ config, db });
  const results: SubjectPlans[] = [];
  // A query run once per row or per teacher (the purge's) is shown once, as first run.
  const distinct = () => {
    const seen = new Set<string>();
    return notices.flatMap((notice) => {
      const plan = parseExplainNotice(notice);
      if (!plan || seen.has(plan.query)) return [];
      seen.add(plan.query);
      return [plan];
    });
  };
  try {
    for (const request of requests) {
      notices = [];
      const answer = await app.inject({
        method: request.method,
        url: request.url,
        headers: { cookie: request.cookie },
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      });
      // A streamed answer (the export) has run its queries once the body is read.
      void answer.body;
      results.push({ subject: request.subject, status: answer.statusCode, plans: distinct() });
    }
    for (const task of tasks) {
      notices = [];
      await task.run(ctx);
      results.push({ subject: task.subject, status: 0, plans: distinct() });
    }
  } finally {
    await app.close();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

/** How each table was read: an index's name, or Seq Scan. */
export function scansOf(plan: string): string[] {
  const scans = [
    ...plan.matchAll(
      /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: using (\w+))? on (\w+)/g,
    ),
  ].map(([, kind, index, table]) => {
    if (kind === 'Seq Scan') return `Seq Scan on ${table}`;
    // A bitmap scan names its index after "on".
    return kind === 'Bitmap Index Scan' ? `${table} (bitmap)` : `${index} (${table})`;
  });
  return scans.filter((value, index, all) => all.indexOf(value) === index);
}

/** Seq Scans over the big tables, by subject: what an index or a query change must fix. */
export function seqScanFindings(results: SubjectPlans[]): string[] {
  return results.flatMap((result) =>
    result.plans.flatMap((plan) =>
      plan.seqScans
        .filter((table) => BIG_TABLES.includes(table))
        .map((table) => `${result.subject}: Seq Scan on ${table} in \`${oneLine(plan.query)}\``),
    ),
  );
}

const oneLine = (query: string) => query.replace(/\s+/g, ' ').slice(0, 160);

/** The plans page: a summary per subject, then every plan in full. */
export function plansMarkdown(results: SubjectPlans[], header: string[]): string {
  const lines = [...header, ''];
  lines.push('| subject | query | indexes used / scans | execution |', '|---|---|---|---|');
  for (const result of results) {
    for (const plan of result.plans) {
      const scans = scansOf(plan.plan).join(', ') || '(no table read)';
      const ms = plan.ms === null ? '?' : plan.ms.toFixed(3);
      lines.push(
        `| ${result.subject} | \`${oneLine(plan.query).replaceAll('|', '\\|')}\` | ${scans} | ${ms} ms |`,
      );
    }
  }
  const findings = seqScanFindings(results);
  const small = [...new Set(results.flatMap((r) => r.plans.flatMap((p) => p.seqScans)))].filter(
    (table) => !BIG_TABLES.includes(table),
  );
  lines.push(
    '',
    findings.length === 0
      ? `No sequential scan of a big table (${BIG_TABLES.join(', ')}) in any of these plans.`
      : `Sequential scans of big tables:\n\n${findings.map((f) => `- ${f}`).join('\n')}`,
    '',
    small.length === 0
      ? ''
      : `The other sequential scans (${small.sort().join(', ')}) read tables of at most one row per teacher, or ones the seed leaves empty, where reading a page or two costs less than an index.`,
    '',
  );
  for (const result of results) {
    lines.push(`## ${result.subject}${result.status ? ` (answered ${result.status})` : ''}`, '');
    for (const plan of result.plans) {
      lines.push('```sql', plan.query, '```', '', '```', plan.plan.trimEnd(), '```', '');
    }
  }
  return `${lines.join('\n')}\n`;
}
