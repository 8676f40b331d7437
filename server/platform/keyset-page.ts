import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors';

/*
 * Lists read newest first a page at a time (the teacher's documents, the administrator's
 * teachers) continue after the last row's (created_at, id): a cursor, not an offset, so a
 * page costs the same at row 5,000 as at row 1 and rows added meanwhile shift nothing.
 */

/**
 * created_at to the microsecond, for the cursor: JavaScript dates stop at the millisecond,
 * and two rows within one millisecond would otherwise be skipped.
 */
export const createdAtExactOf = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,10})$/;

export function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: number } {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('Invalid cursor', 'invalid_cursor');
  return { createdAt: match[1]!, id: Number(match[2]) };
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
