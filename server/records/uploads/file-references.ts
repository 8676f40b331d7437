import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { files } from './tables';

/** A column that names a stored file: every foreign key to `files`. */
export type FileReference = { schema: string; table: string; column: string };

/**
 * Every column that points at a stored file, as the database has them: each is a foreign
 * key to `files`. A file none of them names a day after its upload was never handed in,
 * attached or used, and housekeeping deletes it. Read from the catalog, not listed here,
 * so a new column that names a file (with its foreign key) is counted without this module
 * knowing the tables of the modules that own them. Read in the caller's transaction.
 */
export async function fileReferences(db: Database | Transaction): Promise<FileReference[]> {
  const result = (await db.execute(sql`
    select n.nspname as "schema", t.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'files'::regclass
    order by 1, 2, 3`)) as unknown as { rows: FileReference[] };
  if (result.rows.length === 0) {
    // A catalog without them means a database this code does not know: deleting "unnamed"
    // files there could delete a pupil's work.
    throw new Error('No column names a stored file: refusing to delete files');
  }
  return result.rows;
}

const namedNowhere = (references: FileReference[]): SQL[] =>
  references.map(({ schema, table, column }) => {
    const referencing = sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
    return sql`not exists (select 1 from ${referencing} where ${referencing}.${sql.identifier(column)} = ${files.id})`;
  });

/**
 * Deletes the rows of these files that no column names any more (in the caller's
 * transaction) and returns their storage keys, for `removeStoredFilesLater`. A file another
 * row still names stays.
 */
export async function deleteFilesNoLongerNamed(tx: Transaction, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(and(inArray(files.id, fileIds), ...namedNowhere(await fileReferences(tx))))
    .returning({ storageKey: files.storageKey });
  return removed.map((row) => row.storageKey);
}

/** Deletes the rows of files uploaded before `before` that nothing names; their storage keys. */
export async function deleteUnnamedFilesBefore(db: Database, before: Date) {
  const removed = await db
    .delete(files)
    .where(and(lt(files.createdAt, before), ...namedNowhere(await fileReferences(db))))
    .returning({ storageKey: files.storageKey });
  return removed.map((row) => row.storageKey);
}

/** Deletes one file's row (in the caller's transaction); its storage key, if it was there. */
export async function deleteFileRow(tx: Database | Transaction, fileId: string) {
  const [file] = await tx.delete(files).where(eq(files.id, fileId)).returning();
  return file?.storageKey;
}

/** Deletes these files of one teacher (in the caller's transaction); their storage keys. */
export async function deleteTeacherFiles(
  tx: Database | Transaction,
  teacherId: number,
  fileIds: string[],
) {
  if (fileIds.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(and(inArray(files.id, fileIds), eq(files.teacherId, teacherId)))
    .returning({ storageKey: files.storageKey });
  return removed.map((row) => row.storageKey);
}
