import { describe, expect, it } from 'vitest';
import { parseExplainNotice, scansOf, seqScanFindings } from './district-plans';

// auto_explain's notice as PostgreSQL 15 sends it (log_analyze, log_buffers, text format).
const NOTICE = `duration: 79.301 ms  plan:
Query Text: select "id", (select count(*) from "lessons" where "plan_id" = "id") from "lesson_plans" where "lesson_plans"."teacher_id" = $1 limit $2
Limit  (cost=7041.14..7041.16 rows=6 width=50) (actual time=72.135..79.217 rows=6 loops=1)
  Buffers: shared hit=4459
  InitPlan 1 (returns $1)
    ->  Parallel Seq Scan on lessons  (cost=0.00..6013.50 rows=625 width=0) (actual time=23.691..45.003 rows=1 loops=3)
          Filter: (plan_id = id)
  ->  Bitmap Heap Scan on lesson_plans  (cost=4.33..25.78 rows=6 width=50) (actual time=72.075..72.123 rows=6 loops=1)
        ->  Bitmap Index Scan on lesson_plans_teacher_idx  (cost=0.00..4.33 rows=6 width=0) (actual time=0.027..0.028 rows=6 loops=1)
  ->  Index Scan Backward using documents_teacher_list_idx on documents  (cost=0.42..8.44 rows=1 width=4)
  ->  Seq Scan on document_marks  (cost=0.00..1.01 rows=1 width=4)`;

describe('the district plans', () => {
  it("split auto_explain's notice into the query, its plan and its duration", () => {
    const plan = parseExplainNotice(NOTICE)!;
    expect(plan.query).toMatch(/^select "id", \(select count\(\*\).* limit \$2$/);
    expect(plan.plan.split('\n')[0]).toMatch(/^Limit {2}\(cost=7041/);
    expect(plan.ms).toBe(79.301);
    expect(plan.seqScans).toEqual(['lessons', 'document_marks']);
    expect(parseExplainNotice('some other notice')).toBeNull();
  });

  it('name how each table was read', () => {
    expect(scansOf(parseExplainNotice(NOTICE)!.plan)).toEqual([
      'Seq Scan on lessons',
      'lesson_plans_teacher_idx (bitmap)',
      'documents_teacher_list_idx (documents)',
      'Seq Scan on document_marks',
    ]);
  });

  it('report sequential scans of the big tables only', () => {
    const findings = seqScanFindings([
      { subject: 'Recent Activity', status: 200, plans: [parseExplainNotice(NOTICE)!] },
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^Recent Activity: Seq Scan on lessons in `select "id"/);
  });
});
