/*
 * A school district's data, generated inside the database with generate_series: every
 * teacher has the same class, hand-ins, marking, reports and plans, so a district (5,000
 * teachers at scale 1) and one school (scale 0.01: 50 teachers) differ only in how many
 * teachers there are. What a teacher's page reads is then the same in both; whatever costs
 * more in the district costs more because of the district.
 *
 * Ids are computed (teacher t's pupils are (t-1)*30+1 .. t*30, and so on) so that rows can
 * refer to each other without reading anything back, and the sequences are moved past them
 * at the end, so the app's own inserts carry on from there.
 */

import { EXTRACTION_VERSION } from '../../server/work/extraction/extraction-job';

export const PER_TEACHER = {
  pupils: 30,
  documents: 200,
  feedbackPerDocument: 5,
  reports: 10,
  plans: 6,
  lessonsPerPlan: 10,
} as const;

/** Every tenth teacher keeps hand-ins for one year; this many of theirs are due for purging. */
export const RETENTION_EVERY = 10;
export const DUE_PER_RETENTION_TEACHER = 20;
/** Signed in on a laptop and a phone: the session lookup reads a table of this size. */
const SESSIONS_PER_TEACHER = 2;

/** Rows per table at a scale (1: 5,000 teachers, 150,000 pupils, 1,000,000 hand-ins). */
export function districtCounts(scale: number) {
  const teachers = Math.max(1, Math.round(5000 * scale));
  const documents = teachers * PER_TEACHER.documents;
  // A document is shared when its number ends in 3 modulo 4 (one in four), a report sent
  // when its number is even.
  const sharedPerTeacher = Math.floor((PER_TEACHER.documents + 1) / 4);
  const sentPerTeacher = Math.floor(PER_TEACHER.reports / 2);
  const links = teachers * (sharedPerTeacher + sentPerTeacher);
  return {
    teachers,
    students: teachers * PER_TEACHER.pupils,
    documents,
    feedback: documents * PER_TEACHER.feedbackPerDocument,
    parentReports: teachers * PER_TEACHER.reports,
    links,
    linkViews: links * 2,
    lessonPlans: teachers * PER_TEACHER.plans,
    lessons: teachers * PER_TEACHER.plans * PER_TEACHER.lessonsPerPlan,
    files: documents,
    classroomKeys: teachers,
    teacherSessions: teachers * SESSIONS_PER_TEACHER,
    retentionTeachers: Math.floor(teachers / RETENTION_EVERY),
    dueForPurge: Math.floor(teachers / RETENTION_EVERY) * DUE_PER_RETENTION_TEACHER,
  };
}

/** Tables whose secondary indexes are dropped while loading and built again after. */
const BULK_TABLES = [
  'students',
  'files',
  'documents',
  'feedback',
  'links',
  'link_views',
  'lessons',
];
const SERIAL_TABLES = [
  'teachers',
  'students',
  'documents',
  'feedback',
  'parent_reports',
  'links',
  'link_views',
  'lesson_plans',
  'lessons',
];

const NAMES = "array['Maya','Leo','Aisha','Tom','Zara','Sam','Ella','Noah','Priya','Ben']";
const COMMENTS =
  "array['Check the denominator before you add these fractions.','Full stops at the end of each sentence, please.','Good use of evidence from the text.','Start a new paragraph when the time or place changes.','Show your working for the times tables questions.','Use speech marks around what the character says.','Lovely vocabulary in this description of the storm.','Commas between items in a list.','Label the parts of the plant used in photosynthesis.','Spelling: because, separate, definitely.']";
const SUBJECTS = "array['Maths','English','Science','History','Reading','Spelling']";
const SLOTS =
  "array['9:00 - 9:45 AM','9:45 - 10:30 AM','10:45 - 11:30 AM','1:00 - 1:45 PM','1:45 - 2:30 PM']";
const DAYS = "array['Monday','Tuesday','Wednesday','Thursday','Friday']";
const STATUSES = "array['new','under review','reviewed','shared']";
// Short on purpose: the figures are about rows, not about how long a pupil's essay is.
const TEXT = 'The lighthouse at Gull Point stands on a rocky hill above the harbour.';

/** A hand-in's file id: 22 characters, as the app's random ones are. */
const fileIdOf = (documentId: string) => `'seed' || lpad(to_hex(${documentId}), 18, '0')`;

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

export type SeedStep = { name: string; sql: string };

/** The SQL that loads a district at `scale`, one step per table (timed separately). */
export function districtSeedSteps(
  scale: number,
  passwordHash: string,
  options: { fileBytes?: number; columns?: ReadonlySet<string> } = {},
): SeedStep[] {
  const c = districtCounts(scale);
  const fileBytes = options.fileBytes ?? 20_000;
  // Columns of a newer schema are filled where the database has them (table.column).
  const has = (column: string) => options.columns?.has(column) ?? false;
  const P = PER_TEACHER;
  const bulk = BULK_TABLES.map(quote).join(', ');
  return [
    {
      name: 'prepare',
      // Triggers off while loading (replica role): the list-version bumps would otherwise run
      // once per row, and the foreign keys hold by construction. The versions are written
      // once per teacher at the end instead.
      sql: `
        set session_replication_role = replica;
        drop table if exists seed_indexes;
        create table seed_indexes as
          select indexname, indexdef from pg_indexes i
          where schemaname = 'public' and tablename in (${bulk})
            and not exists (select 1 from pg_constraint k where k.conname = i.indexname);
        do $$ declare r record; begin
          for r in select indexname from seed_indexes loop
            execute 'drop index ' || quote_ident(r.indexname);
          end loop;
        end $$;`,
    },
    {
      name: 'teachers',
      sql: `
        insert into teachers (id, email, password_hash, first_name, last_name, email_verified_at,
                              last_login_at, created_at)
        select t, 'district-teacher-' || t || '@classroom-voice.local', ${quote(passwordHash)},
               (${NAMES})[1 + t % 10], 'Teacher' || t, now() - interval '3 years',
               now() - (t % 30) * interval '1 day',
               now() - interval '3 years' + t * interval '1 minute'
        from generate_series(1, ${c.teachers}) t;
        insert into teacher_sessions (id_hash, teacher_id, expires_at, user_agent)
        select encode(sha256(('seeded-session-' || t || '-' || n)::bytea), 'hex'), t,
               now() + interval '7 days', 'Seeded'
        from generate_series(1, ${c.teachers}) t, generate_series(1, ${SESSIONS_PER_TEACHER}) n;
        insert into classroom_keys (id, teacher_id, name, key_phrase, created_at)
        select 'seedkey' || lpad(t::text, 15, '0'), t, 'Class of teacher ' || t,
               'seeded-class-' || t, now() - interval '1 year'
        from generate_series(1, ${c.teachers}) t;
        insert into teacher_settings (teacher_id, preferences)
        select t, case when t % ${RETENTION_EVERY} = 0 then '{"retentionYears": 1}'::jsonb
                       else '{}'::jsonb end
        from generate_series(1, ${c.teachers}) t;`,
    },
    {
      name: 'students',
      sql: `
        insert into students (id, teacher_id, name, surname, surname_initials, year_group, grade,
                              created_at)
        select (t - 1) * ${P.pupils} + p, t, (${NAMES})[1 + (t + p) % 10], 'Surname' || p,
               'S' || chr(65 + p % 26), 'Year ' || (3 + t % 4), (3 + t % 4)::text,
               now() - interval '2 years'
        from generate_series(1, ${c.teachers}) t, generate_series(1, ${P.pupils}) p;`,
    },
    {
      name: 'files',
      // Each hand-in's file, as a pupil's upload leaves it; the keys are the seed's own
      // (seededStorageKey), and no bytes are stored under them unless a bench writes some.
      sql: `
        insert into files (id, teacher_id, storage_key, original_name, content_type, size_bytes,
                           sha256, uploaded_by, created_at)
        select ${fileIdOf('id')}, t, '2026/01/' || md5('doc' || id) || '.pdf', 'essay.pdf',
               'application/pdf', ${fileBytes}, md5(id::text) || md5(id::text), 'pupil',
               now() - interval '1 year'
        from (select (t - 1) * ${P.documents} + k as id, t
              from generate_series(1, ${c.teachers}) t, generate_series(1, ${P.documents}) k) n;`,
    },
    {
      name: 'documents',
      // Read by the current extractor: older text would be queued to be read again.
      // Hand-in k of a teacher is (k-1) × 43 hours old: 200 of them span a school year. A
      // retention teacher's last ones are older than a year and were noticed 8 days ago.
      sql: `
        insert into documents (id, unique_id, teacher_id, student_id, file_id, title, author, status,
                               extraction_status, extraction_version, extracted_content,
                               total_pages, created_at, updated_at, reviewed_at, shared_at,
                               retention_notice_at
                               ${has('documents.published_at') ? ', published_at' : ''})
        select id, lpad(to_hex(id), 8, '0'), t, (t - 1) * ${P.pupils} + 1 + k % ${P.pupils},
               ${fileIdOf('id')}, 'Essay ' || k, (${NAMES})[1 + (t + 1 + k % ${P.pupils}) % 10] || ' S',
               (${STATUSES})[1 + k % 4], 'done', ${EXTRACTION_VERSION}, ${quote(TEXT)}, 1, made, made,
               case when k % 4 >= 2 then made + interval '1 day' end,
               case when k % 4 = 3 then made + interval '1 day' end,
               case when due then now() - interval '8 days' end
               ${has('documents.published_at') ? ", case when k % 4 >= 2 then made + interval '1 day' end" : ''}
        from (
          select (t - 1) * ${P.documents} + k as id, t, k,
                 t % ${RETENTION_EVERY} = 0 and k > ${P.documents - DUE_PER_RETENTION_TEACHER} as due
          from generate_series(1, ${c.teachers}) t, generate_series(1, ${P.documents}) k
        ) n,
        lateral (select case when due then now() - interval '400 days' - k * interval '1 hour'
                             else now() - (k - 1) * interval '43 hours' - (t % 60) * interval '1 minute'
                        end as made) m;`,
    },
    {
      name: 'feedback',
      sql: `
        insert into feedback (id, teacher_id, document_id, type, content, highlight_id,
                              page_number, start_offset, end_offset, highlighted_text,
                              published_at, created_at, updated_at
                              ${has('feedback.published_content') ? ', published_content' : ''})
        select (d.id - 1) * ${P.feedbackPerDocument} + n, d.teacher_id, d.id, 'text',
               (${COMMENTS})[1 + (d.id + n) % 10], 'h' || d.id || '-' || n, 1, n * 10, n * 10 + 8,
               'Gull Point', d.reviewed_at,
               d.created_at + n * interval '1 hour', d.created_at + n * interval '1 hour'
               ${has('feedback.published_content') ? `, case when d.reviewed_at is not null then (${COMMENTS})[1 + (d.id + n) % 10] end` : ''}
        from documents d, generate_series(1, ${P.feedbackPerDocument}) n;`,
    },
    {
      name: 'parent_reports',
      sql: `
        insert into parent_reports (id, teacher_id, student_id, subjects, content, transcript,
                                    status, created_at, updated_at, sent_at)
        select (t - 1) * ${P.reports} + r, t, (t - 1) * ${P.pupils} + r, 'Reading, Maths',
               'Reads every evening and explains her working clearly.', 'reads every evening',
               case when r % 2 = 0 then 'sent' else 'draft' end,
               now() - r * interval '7 days', now() - r * interval '7 days',
               case when r % 2 = 0 then now() - r * interval '7 days' end
        from generate_series(1, ${c.teachers}) t, generate_series(1, ${P.reports}) r;`,
    },
    {
      name: 'links',
      sql: `
        insert into links (teacher_id, kind, document_id, key_hash, recipient_name, created_at,
                           expires_at)
        select teacher_id, 'feedback', id, encode(sha256(('f' || id)::bytea), 'hex'), 'Parent',
               shared_at, shared_at + interval '30 days'
        from documents where status = 'shared';
        insert into links (teacher_id, kind, report_id, key_hash, recipient_name, created_at,
                           expires_at)
        select teacher_id, 'report', id, encode(sha256(('r' || id)::bytea), 'hex'), 'Parent',
               sent_at, sent_at + interval '30 days'
        from parent_reports where status = 'sent';
        insert into link_views (link_id, viewed_at)
        select l.id, l.created_at + v * interval '5 hours'
        from links l, generate_series(1, 2) v;`,
    },
    {
      name: 'lessons',
      sql: `
        insert into lesson_plans (id, teacher_id, title, date_range, created_at, updated_at)
        select (t - 1) * ${P.plans} + w, t, 'Week ' || w, 'Week ' || w || ' of term',
               now() - (w - 1) * interval '7 days', now() - (w - 1) * interval '7 days'
        from generate_series(1, ${c.teachers}) t, generate_series(1, ${P.plans}) w;
        insert into lessons (teacher_id, plan_id, title, description, time_slot, day)
        select p.teacher_id, p.id, (${SUBJECTS})[1 + l % 6], 'Planned', (${SLOTS})[1 + l % 5],
               (${DAYS})[1 + l % 5]
        from lesson_plans p, generate_series(0, ${P.lessonsPerPlan - 1}) l;`,
    },
    {
      name: 'indexes',
      sql: `
        do $$ declare r record; begin
          for r in select indexdef from seed_indexes loop execute r.indexdef; end loop;
        end $$;
        drop table seed_indexes;`,
    },
    {
      name: 'finish',
      sql: `
        ${SERIAL_TABLES.map(
          (table) =>
            `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select coalesce(max(id), 0) from ${table})));`,
        ).join('\n')}
        insert into document_list_versions (teacher_id, version)
          select id, 1 from teachers on conflict do nothing;
        insert into shared_view_versions (teacher_id, version)
          select id, 1 from teachers on conflict do nothing;
        set session_replication_role = origin;
        analyze;`,
    },
  ];
}

/** Something that runs a script of several statements (pg's client.query, PGlite's exec). */
export type RunScript = (sql: string) => Promise<unknown>;

type Rows = { rows: Record<string, unknown>[] };
/** pg answers one statement with its result; PGlite's exec with a list of them. */
const rowsOf = (answer: unknown) =>
  (Array.isArray(answer) ? (answer.at(-1) as Rows) : (answer as Rows)).rows;

async function columnsOf(run: RunScript): Promise<Set<string>> {
  const rows = rowsOf(
    await run(
      "select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'public'",
    ),
  );
  return new Set(rows.map((row) => String(row.name)));
}

/** Loads the district into an empty, migrated database; returns each step's seconds. */
export async function seedDistrict(
  run: RunScript,
  scale: number,
  passwordHash: string,
  onStep: (name: string, seconds: number) => void = () => {},
  fileBytes?: number,
): Promise<void> {
  const columns = await columnsOf(run);
  for (const step of districtSeedSteps(scale, passwordHash, { fileBytes, columns })) {
    const started = performance.now();
    await run(step.sql);
    onStep(step.name, (performance.now() - started) / 1000);
  }
}
