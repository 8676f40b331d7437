import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teachers } from '../../db/schema';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict } from '../../platform/errors';
import { classroomKeys } from './tables';
import { ADJECTIVES, COLOURS, NOUNS } from './words';

const pick = (words: readonly string[]) => words[randomInt(words.length)]!;

/** adjective-noun-colour-noun from the built-in lists, chosen with a CSPRNG. */
export function generatePassphrase(): string {
  return [pick(ADJECTIVES), pick(NOUNS), pick(COLOURS), pick(NOUNS)].join('-');
}

/** The pupil pages carry this id in their address: 128 random bits, new with every phrase. */
function newClassroomKeyId(): string {
  return randomBytes(16).toString('base64url');
}

export type ClassroomKeyRow = typeof classroomKeys.$inferSelect;

function classroomName(teacher: { firstName: string | null; lastName: string | null }): string {
  const name = [teacher.firstName, teacher.lastName].filter(Boolean).join(' ');
  return name ? `${name}'s classroom` : 'Your teacher’s classroom';
}

export async function findClassroomKeyOfTeacher(db: Database, teacherId: number) {
  const [row] = await db.select().from(classroomKeys).where(eq(classroomKeys.teacherId, teacherId));
  return row ?? null;
}

export async function findClassroomKeyByPhrase(db: Database, phrase: string) {
  const [row] = await db.select().from(classroomKeys).where(eq(classroomKeys.keyPhrase, phrase));
  return row ?? null;
}

export async function findClassroomKeyById(db: Database, id: string) {
  const [row] = await db.select().from(classroomKeys).where(eq(classroomKeys.id, id));
  return row ?? null;
}

/** A suggestion no other classroom uses right now (it is not reserved until saved). */
export async function suggestPassphrase(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const phrase = generatePassphrase();
    if (!(await findClassroomKeyByPhrase(db, phrase))) return phrase;
  }
  throw new Error('Could not find a free passphrase');
}

/** Every teacher has a phrase; the first call creates one. */
export async function ensureClassroomKey(
  db: Database,
  teacherId: number,
): Promise<ClassroomKeyRow> {
  const existing = await findClassroomKeyOfTeacher(db, teacherId);
  if (existing) return existing;
  const [teacher] = await db.select().from(teachers).where(eq(teachers.id, teacherId));
  if (!teacher) throw new Error(`No teacher ${teacherId}`);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [created] = await db
      .insert(classroomKeys)
      .values({
        id: newClassroomKeyId(),
        teacherId,
        name: classroomName(teacher),
        keyPhrase: generatePassphrase(),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    // Either the phrase was taken (try another) or a concurrent request created the key.
    const raced = await findClassroomKeyOfTeacher(db, teacherId);
    if (raced) return raced;
  }
  throw new Error('Could not create a classroom passphrase');
}

export const PHRASE_TAKEN_MESSAGE = 'This passphrase is already in use. Please choose another.';

/**
 * Replaces the phrase. The row is replaced, not updated, so the old phrase and the old
 * key id both stop working at once: links and paths built on them answer not found.
 */
export async function changePassphrase(
  db: Database,
  teacherId: number,
  phrase: string,
): Promise<ClassroomKeyRow> {
  const current = await ensureClassroomKey(db, teacherId);
  if (current.keyPhrase === phrase) return current;
  const owner = await findClassroomKeyByPhrase(db, phrase);
  if (owner) throw conflict(PHRASE_TAKEN_MESSAGE, 'passphrase_taken');
  try {
    return await db.transaction(async (tx) => {
      await tx.delete(classroomKeys).where(eq(classroomKeys.teacherId, teacherId));
      const [created] = await tx
        .insert(classroomKeys)
        .values({ id: newClassroomKeyId(), teacherId, name: current.name, keyPhrase: phrase })
        .returning();
      return created!;
    });
  } catch (error) {
    // A unique violation here means another classroom took the phrase a moment ago.
    if (isUniqueViolation(error)) {
      throw conflict(PHRASE_TAKEN_MESSAGE, 'passphrase_taken');
    }
    throw error;
  }
}
