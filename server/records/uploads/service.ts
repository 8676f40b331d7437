import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { addressOf, idInAddress } from '../../../contract/addresses';
import type { Database } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { removeStoredFilesLater } from '../../platform/file-removal';
import { newStorageKey } from '../../platform/file-store';
import type { AppContext } from '../../records/context';
import { deleteFilesNoLongerNamed } from './file-references';
import { files } from './tables';

export type FileRow = typeof files.$inferSelect;

/** File ids appear in addresses (audio, uploads): 128 random bits, never a counter. */
export function newFileId(): string {
  return randomBytes(16).toString('base64url');
}

export function uploadUrl(fileId: string): string {
  return addressOf('upload', fileId);
}

/** The file id inside a fileUrl that this server handed out, or null. */
export function fileIdFromUploadUrl(fileUrl: string): string | null {
  return idInAddress('upload', fileUrl);
}

/**
 * A file name's length in UTF-8 bytes at most: file systems and zip tools refuse a name over
 * 255 bytes, and an export puts these names into folders of its own.
 */
const MAX_NAME_BYTES = 200;
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

/**
 * Keeps a readable name for downloads without letting it carry paths or control characters,
 * cut to MAX_NAME_BYTES by whole characters with its extension kept.
 */
export function safeFileName(name: string, fallbackExtension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => !UNSAFE_NAME_CHAR.test(char))
    .join('')
    .trim();
  const extension = EXTENSION.exec(cleaned)?.[0] ?? '';
  const stem = cutToBytes(
    cleaned.slice(0, cleaned.length - extension.length),
    MAX_NAME_BYTES - extension.length,
  ).trim();
  return stem ? `${stem}${extension}` : `file.${fallbackExtension}`;
}

/** The longest start of `text` within `maxBytes` of UTF-8, never splitting a character. */
function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * Dropped from stored names: control characters, characters file systems refuse, lone
 * surrogates, and bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F,
 * U+061C), which make "report\u202Excod.pdf" read as another extension.
 */
const UNSAFE_NAME_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  /^(?:[\u0000-\u001f\u007f"<>|:*?\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]|[\ud800-\udfff])$/;

/** Writes the bytes first, then the row that points at them: a crash leaves no dangling row. */
export async function storeFile(
  ctx: AppContext,
  input: {
    teacherId: number;
    bytes: Buffer;
    originalName: string;
    contentType: string;
    extension: string;
    uploadedBy: 'pupil' | 'teacher';
  },
): Promise<FileRow> {
  const storageKey = newStorageKey(input.extension);
  await ctx.files.put(storageKey, input.bytes);
  const [row] = await ctx.db
    .insert(files)
    .values({
      id: newFileId(),
      teacherId: input.teacherId,
      storageKey,
      originalName: safeFileName(input.originalName, input.extension),
      contentType: input.contentType,
      sizeBytes: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      uploadedBy: input.uploadedBy,
    })
    .returning();
  return row!;
}

/**
 * Removes a file its maker no longer has a place for (the render it was for was deleted
 * meanwhile): the row and, by the durable removal job in the same transaction, the bytes.
 */
export async function discardStoredFile(ctx: AppContext, fileId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await removeStoredFilesLater(tx, await deleteFilesNoLongerNamed(tx, [fileId]));
  });
  ctx.jobs.poke();
}

export async function findTeacherFile(db: Database, teacherId: number, fileId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.teacherId, teacherId)));
  return row ?? null;
}

const DOCUMENT_CONTENT_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
]);

/**
 * Resolves a fileUrl from a form to an uploaded document of this teacher's classroom.
 * Only document uploads qualify (never a recording), and a pupil may only hand in
 * what a pupil uploaded.
 */
export async function resolveUploadedFile(
  db: Database,
  teacherId: number,
  fileUrl: string,
  by: 'pupil' | 'teacher',
) {
  const fileId = fileIdFromUploadUrl(fileUrl);
  const file = fileId ? await findTeacherFile(db, teacherId, fileId) : null;
  const usable =
    file &&
    DOCUMENT_CONTENT_TYPES.has(file.contentType) &&
    (by === 'teacher' || file.uploadedBy === 'pupil');
  if (!usable) throw badRequest('Please upload your file', 'file_required');
  return file;
}
