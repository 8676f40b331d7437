import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../../db/migrations', import.meta.url));
const PUBLISHED_COPY = '0024_feedback_published_copy';

/** The committed migrations before `tag`, as a folder of their own. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'cv-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/*
 * Work shared or marked reviewed before reopening existed stays published when the teacher
 * reopens it: the migration records when it was published and what each item said then.
 */
describe('published state of work shared before the migration', () => {
  let client: PGlite;
  let probeError: unknown;

  beforeAll(async () => {
    client = await PGlite.create();
    const raw = drizzle(client);
    const older = migrationsBefore(PUBLISHED_COPY);
    try {
      await migrate(raw, { migrationsFolder: older });
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
    await client.exec(`
      insert into teachers (id, email, password_hash) values (1, 'grace@school.example', 'x');
      insert into documents (id, unique_id, teacher_id, title, author, status, shared_at, reviewed_at) values
        (1, 'shared01', 1, 'Shared', 'Maya', 'shared', '2026-10-01T09:00:00Z', null),
        (2, 'review02', 1, 'Reviewed', 'Noor', 'reviewed', null, '2026-10-02T09:00:00Z'),
        (3, 'draft003', 1, 'Draft', 'Ezra', 'under review', null, null);
      insert into feedback (id, teacher_id, document_id, type, content, highlight_id, published_at) values
        (1, 1, 1, 'text', 'Shown to Maya', 'hl-1', '2026-10-01T09:00:00Z'),
        (2, 1, 1, 'text', 'Written after', 'hl-2', null),
        (3, 1, 3, 'text', 'Not shared', 'hl-3', null);
    `);
    probeError = await laterMigrationAltersTables();
    await migrate(raw, { migrationsFolder: MIGRATIONS });
  });

  /**
   * Drizzle runs every pending migration in one transaction, and PostgreSQL refuses to alter
   * a table with trigger events pending: the backfill must leave none for a later migration
   * that adds a column to documents or feedback.
   */
  async function laterMigrationAltersTables(): Promise<unknown> {
    const statements = readFileSync(join(MIGRATIONS, `${PUBLISHED_COPY}.sql`), 'utf8').split(
      '--> statement-breakpoint',
    );
    await client.exec('begin');
    try {
      for (const statement of statements) await client.exec(statement);
      await client.exec('alter table documents add column probe integer');
      await client.exec('alter table feedback add column probe integer');
      return null;
    } catch (error) {
      return error;
    } finally {
      await client.exec('rollback');
    }
  }
  afterAll(async () => client?.close());

  it('leaves no trigger events pending for the migrations after it', () => {
    expect(probeError).toBeNull();
  });

  it('dates the published state and copies each published comment', async () => {
    const docs = await client.query<{ id: number; published_at: Date | null }>(
      'select id, published_at from documents order by id',
    );
    expect(docs.rows.map((d) => [d.id, d.published_at?.toISOString() ?? null])).toEqual([
      [1, '2026-10-01T09:00:00.000Z'],
      [2, '2026-10-02T09:00:00.000Z'],
      [3, null],
    ]);
    const items = await client.query<{ id: number; published_content: string | null }>(
      'select id, published_content from feedback order by id',
    );
    expect(items.rows).toEqual([
      { id: 1, published_content: 'Shown to Maya' },
      { id: 2, published_content: null },
      { id: 3, published_content: null },
    ]);
  });

  it('counts a deletion of a published item as a change of the documents list', async () => {
    const version = async () =>
      Number(
        (
          await client.query<{ version: string }>(
            'select version from document_list_versions where teacher_id = 1',
          )
        ).rows[0]?.version ?? 0,
      );
    const before = await version();
    await client.exec(`update feedback set deleted_at = now() where id = 1`);
    expect(await version()).toBe(before + 1);
    // Other changes of an item (its comment) leave the list alone: it shows only the count.
    await client.exec(`update feedback set content = 'Edited' where id = 2`);
    expect(await version()).toBe(before + 1);
  });
});
