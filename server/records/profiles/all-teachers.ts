import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teachers } from '../../db/schema';
import { avatarProfiles, voiceProfiles } from './tables';

/*
 * The administrator's view of every teacher's voice and avatar profiles, newest first, each
 * with its owner; and one profile found by its row id, whoever owns it.
 */

const owner = {
  id: teachers.id,
  email: teachers.email,
  firstName: teachers.firstName,
  lastName: teachers.lastName,
};

export async function listVoicesWithOwners(db: Database) {
  return db
    .select({ profile: voiceProfiles, owner })
    .from(voiceProfiles)
    .innerJoin(teachers, eq(teachers.id, voiceProfiles.teacherId))
    .orderBy(desc(voiceProfiles.createdAt), desc(voiceProfiles.id));
}

export async function listAvatarsWithOwners(db: Database) {
  return db
    .select({ profile: avatarProfiles, owner })
    .from(avatarProfiles)
    .innerJoin(teachers, eq(teachers.id, avatarProfiles.teacherId))
    .orderBy(desc(avatarProfiles.createdAt), desc(avatarProfiles.id));
}

export async function findVoiceById(db: Database, id: number) {
  const [row] = await db.select().from(voiceProfiles).where(eq(voiceProfiles.id, id));
  return row ?? null;
}

export async function findAvatarById(db: Database, id: number) {
  const [row] = await db.select().from(avatarProfiles).where(eq(avatarProfiles.id, id));
  return row ?? null;
}
