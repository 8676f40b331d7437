import { eq, sql } from 'drizzle-orm';
import {
  type OnboardingState,
  type PreferencesUpdate,
  readOnboarding,
  readPreferences,
  type SettingsResponse,
  type TeacherPreferences,
} from '../../../contract/settings';
import type { Database, Transaction } from '../../db/client';

/** A database or a transaction: reading settings works inside either. */
type Reader = Pick<Database | Transaction, 'select'>;

import { teacherSettings } from './tables';

/*
 * A teacher's settings and onboarding state. A teacher with no row has every default, so
 * readers never need to create one; writers upsert and merge into what is stored.
 */

export async function readSettings(db: Reader, teacherId: number): Promise<SettingsResponse> {
  const [row] = await db
    .select({ preferences: teacherSettings.preferences, onboarding: teacherSettings.onboarding })
    .from(teacherSettings)
    .where(eq(teacherSettings.teacherId, teacherId));
  return {
    preferences: readPreferences(row?.preferences),
    onboarding: readOnboarding(row?.onboarding),
  };
}

/** The preferences other modules act on (notifications, AI switches, retention). */
export async function preferencesOf(db: Reader, teacherId: number): Promise<TeacherPreferences> {
  return (await readSettings(db, teacherId)).preferences;
}

/**
 * What a new account starts with beyond the defaults: high privacy. View Marked Work asks
 * for the pupil's personal code from the first hand-in, since a classmate can guess a
 * classroom key, a first name and two initials. Accounts made before this keep the stored
 * default (off) until the teacher turns it on: the dashboard asks them once.
 */
export const NEW_TEACHER_PREFERENCES: PreferencesUpdate = { markedWorkProtection: true };

// jsonb `||` merges the changed keys into the stored object in one statement, so two
// tabs saving different switches at once both keep their change.
export async function updatePreferences(
  db: Database,
  teacherId: number,
  changes: PreferencesUpdate,
): Promise<TeacherPreferences> {
  const patch = JSON.stringify(changes);
  await db
    .insert(teacherSettings)
    .values({ teacherId, preferences: changes })
    .onConflictDoUpdate({
      target: teacherSettings.teacherId,
      set: {
        preferences: sql`${teacherSettings.preferences} || ${patch}::jsonb`,
        updatedAt: sql`now()`,
      },
    });
  return preferencesOf(db, teacherId);
}

export async function updateOnboarding(
  db: Database,
  teacherId: number,
  changes: Partial<OnboardingState>,
): Promise<OnboardingState> {
  const patch = JSON.stringify(changes);
  await db
    .insert(teacherSettings)
    .values({ teacherId, onboarding: changes })
    .onConflictDoUpdate({
      target: teacherSettings.teacherId,
      set: {
        onboarding: sql`${teacherSettings.onboarding} || ${patch}::jsonb`,
        updatedAt: sql`now()`,
      },
    });
  return (await readSettings(db, teacherId)).onboarding;
}
