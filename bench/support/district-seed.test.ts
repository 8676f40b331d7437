import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { createPostgresDatabase, testBackends } from '../../server/test/harness';
import { EXTRACTION_VERSION } from '../../server/work/extraction/extraction-job';
import { DUE_PER_RETENTION_TEACHER, districtCounts, seedDistrict } from './district-seed';

// 20 teachers: two of them keep hand-ins for a year.
const SCALE = 0.004;

const COUNTS = `
  select (select count(*) from teachers)::int as teachers,
         (select count(*) from students)::int as students,
         (select count(*) from documents)::int as documents,
         (select count(*) from feedback)::int as feedback,
         (select count(*) from parent_reports)::int as "parentReports",
         (select count(*) from links)::int as links,
         (select count(*) from link_views)::int as "linkViews",
         (select count(*) from lesson_plans)::int as "lessonPlans",
         (select count(*) from lessons)::int as lessons,
         (select count(*) from files)::int as files,
         (select count(*) from classroom_keys)::int as "classroomKeys",
         (select count(*) from teacher_sessions)::int as "teacherSessions",
         (select count(*) from teacher_settings
           where preferences ->> 'retentionYears' = '1')::int as "retentionTeachers",
         (select count(*) from documents where created_at < now() - interval '1 year'
           and retention_notice_at < now() - interval '7 days')::int as "dueForPurge"`;

// Rows that point at another teacher's rows, or at nothing: each must be 0.
const STRAYS = `
  select (select count(*) from documents d join students s on s.id = d.student_id
           where s.teacher_id <> d.teacher_id)::int as "documentPupils",
         (select count(*) from feedback f left join documents d on d.id = f.document_id
           where d.id is null or d.teacher_id <> f.teacher_id)::int as feedback,
         (select count(*) from links l left join documents d on d.id = l.document_id
           left join parent_reports r on r.id = l.report_id
           where coalesce(d.teacher_id, r.teacher_id) is distinct from l.teacher_id)::int as links,
         (select count(*) from lessons x join lesson_plans p on p.id = x.plan_id
           where p.teacher_id <> x.teacher_id)::int as lessons,
         (select count(*) from documents d left join files f on f.id = d.file_id
           where f.teacher_id is distinct from d.teacher_id)::int as files,
         (select count(*) from teachers t left join document_list_versions v
           on v.teacher_id = t.id where v.teacher_id is null)::int as "listVersions",
         (select count(*) from documents
           where extraction_version <> ${EXTRACTION_VERSION})::int as "readAgain",
         (select count(*) from pg_indexes where tablename = 'feedback')::int as "feedbackIndexes"`;

type Rows = { rows: Record<string, number>[] };

describe.each(testBackends())('the district seed on %s', (backend) => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  /** A migrated database and something that runs scripts and queries on one connection. */
  async function database(): Promise<{
    exec: (sql: string) => Promise<unknown>;
    one: (sql: string) => Promise<Record<string, number>>;
  }> {
    if (backend === 'pglite') {
      const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
      drops.push(handle.close);
      const client = (
        handle.db as unknown as {
          $client: { exec: (s: string) => Promise<unknown>; query: (s: string) => Promise<Rows> };
        }
      ).$client;
      return { exec: (s) => client.exec(s), one: async (s) => (await client.query(s)).rows[0]! };
    }
    const created = await createPostgresDatabase();
    await (await openDatabase({ kind: 'postgres', url: created.url })).close();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    drops.push(async () => {
      await client.end();
      await created.drop();
    });
    return {
      exec: (s) => client.query(s),
      one: async (s) => (await client.query(s)).rows[0] as Record<string, number>,
    };
  }

  it('loads every table with the counts the scale gives, each row with its own teacher', async () => {
    const db = await database();
    const indexesBefore = (
      await db.one(`select count(*)::int as n from pg_indexes where tablename = 'feedback'`)
    ).n;
    const steps: string[] = [];
    await seedDistrict(db.exec, SCALE, 'not-a-real-hash', (name) => steps.push(name));

    const expected = districtCounts(SCALE);
    expect(expected.teachers).toBe(20);
    expect(expected.dueForPurge).toBe(2 * DUE_PER_RETENTION_TEACHER);
    expect(await db.one(COUNTS)).toEqual(expected);
    expect(await db.one(STRAYS)).toEqual({
      documentPupils: 0,
      feedback: 0,
      links: 0,
      lessons: 0,
      files: 0,
      listVersions: 0,
      // Nothing for the worker to read again.
      readAgain: 0,
      // The indexes dropped for the load are all back.
      feedbackIndexes: indexesBefore,
    });
    expect(steps).toContain('indexes');
    // The sequences carry on after the seeded ids: the app's next row does not collide.
    await db.exec(
      `insert into teachers (email, password_hash) values ('new@classroom-voice.local', 'x')`,
    );
    expect((await db.one('select count(*)::int as n from teachers')).n).toBe(21);
    // The triggers are on again: a new hand-in bumps its teacher's list version.
    await db.exec(`insert into documents (unique_id, teacher_id, title, author)
                   values ('zzzzzzzz', 1, 'New', 'Maya')`);
    expect(
      (await db.one('select version::int as n from document_list_versions where teacher_id = 1')).n,
    ).toBe(2);
  }, 120_000);
});
