import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { hashToken, newToken } from '../../platform/secrets';
import { findLiveLink, listLinks } from './links';

const MIGRATIONS = fileURLToPath(new URL('../../db/migrations', import.meta.url));
/** The last migration before feedback links and report links became one table. */
const BEFORE_LINKS = '0016_job_fair_keys';

/** The committed migrations up to `lastTag`, as a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'cv-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/*
 * Links made before there was one link system keep working: the same key opens the same
 * document or report, with the views it had.
 */
describe('feedback and report links moved into one table', () => {
  let client: PGlite;
  let db: Database;
  const feedbackKey = newToken();
  const reportKey = newToken();
  const revokedKey = newToken();

  beforeAll(async () => {
    client = await PGlite.create();
    const raw = drizzle(client);
    const older = migrationsUpTo(BEFORE_LINKS);
    try {
      await migrate(raw, { migrationsFolder: older });
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
    // As an installation had them: a teacher, a document and a report, each shared.
    await client.exec(`
      insert into teachers (id, email, password_hash) values (1, 'grace@school.example', 'x');
      insert into documents (id, unique_id, teacher_id, title, author) values (7, 'abc123', 1, 'Essay', 'Maya');
      insert into parent_reports (id, teacher_id, subjects, content) values (9, 1, 'Reading', 'Well done');
      insert into share_links (id, teacher_id, document_id, key_hash, student_name, student_email, expires_at)
        values (3, 1, 7, '${hashToken(feedbackKey)}', 'Maya', 'maya@home.example', now() + interval '7 days'),
               (4, 1, 7, '${hashToken(revokedKey)}', null, null, now() + interval '7 days');
      update share_links set revoked_at = now() where id = 4;
      insert into report_links (id, teacher_id, report_id, key_hash, recipient_name, recipient_email, expires_at)
        values (3, 1, 9, '${hashToken(reportKey)}', 'Mr Patel', 'patel@home.example', now() + interval '14 days');
      insert into share_link_views (share_link_id) values (3), (3);
      insert into report_link_views (report_link_id) values (3);
    `);
    await migrate(raw, { migrationsFolder: MIGRATIONS });
    db = raw as unknown as Database;
  });
  afterAll(async () => client?.close());

  const invalid = () => new Error('no such link');

  it('opens the same document and report by the same keys, revoked links still revoked', async () => {
    const feedback = await findLiveLink(db, 'feedback', feedbackKey, invalid);
    expect(feedback).toMatchObject({ kind: 'feedback', documentId: 7, reportId: null });
    expect(feedback.recipientName).toBe('Maya');
    const report = await findLiveLink(db, 'report', reportKey, invalid);
    expect(report).toMatchObject({ kind: 'report', reportId: 9, documentId: null });
    expect(report.recipientEmail).toBe('patel@home.example');
    await expect(findLiveLink(db, 'feedback', revokedKey, invalid)).rejects.toThrow('no such link');
    // A key opens only its own kind of link.
    await expect(findLiveLink(db, 'report', feedbackKey, invalid)).rejects.toThrow();
  });

  it('keeps each link’s views', async () => {
    const feedback = await listLinks(db, 1, { kind: 'feedback', documentId: 7 });
    expect(feedback.map((link) => link.viewCount)).toEqual([0, 2]);
    const reports = await listLinks(db, 1, { kind: 'report', reportId: 9 });
    expect(reports.map((link) => link.viewCount)).toEqual([1]);
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_name like '%link%' order by 1`,
    );
    expect(tables.rows.map((row) => row.name)).toEqual(['link_views', 'links']);
  });
});
