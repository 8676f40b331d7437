import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { avatarProfiles } from './tables';

/*
 * The prepare-avatar job's outcome, written only here (decision 0066): the face found and
 * the profile ready under a new public avatar id, or failed with a message the teacher reads.
 */

export async function markAvatarReady(db: Database, avatarProfileId: number, face: unknown) {
  await db
    .update(avatarProfiles)
    .set({
      face,
      status: 'ready',
      error: null,
      avatarId: `avatar_${randomBytes(12).toString('base64url')}`,
    })
    .where(eq(avatarProfiles.id, avatarProfileId));
}

export async function markAvatarFailed(db: Database, avatarProfileId: number, message: string) {
  await db
    .update(avatarProfiles)
    .set({ status: 'failed', error: message })
    .where(eq(avatarProfiles.id, avatarProfileId));
}
