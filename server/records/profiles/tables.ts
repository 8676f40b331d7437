import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../teachers/tables';
import { files } from '../uploads/tables';

/*
 * Voice and avatar profiles, and rendered avatar videos (parent reports).
 * A profile is made only with the teacher's recorded consent (consent_at): it is their
 * own voice or face, used for reports to parents.
 */

export const PROFILE_ENGINES = ['builtin', 'provider'] as const;

/**
 * A teacher's voice. The built-in engine keeps settings measured from the sample
 * (median pitch, speaking rate) for the offline synthesizer; a voice-cloning provider
 * keeps its own voice id. voice_id is public (it names the profile in addresses).
 */
export const voiceProfiles = pgTable(
  'voice_profiles',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    sampleFileId: text('sample_file_id').references(() => files.id, { onDelete: 'set null' }),
    voiceId: text('voice_id').notNull(),
    engine: text('engine', { enum: PROFILE_ENGINES }).notNull().default('builtin'),
    /** VoiceSettings (server/ai/media-types.ts) for the built-in synthesizer. */
    settings: jsonb('settings'),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('voice_profiles_teacher_idx').on(table.teacherId),
    uniqueIndex('voice_profiles_voice_id_unique').on(table.voiceId),
    index('voice_profiles_sample_file_idx')
      .on(table.sampleFileId)
      .where(sql`${table.sampleFileId} is not null`),
  ],
);

export const AVATAR_STATUSES = ['processing', 'ready', 'failed'] as const;

/**
 * A teacher's avatar: a photo (and optionally a video sample). avatar_id is set once the
 * face has been found and its geometry stored (status ready); until then the profile is
 * "Processing" and cannot be deleted from the page.
 */
export const avatarProfiles = pgTable(
  'avatar_profiles',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageFileId: text('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    videoFileId: text('video_file_id').references(() => files.id, { onDelete: 'set null' }),
    avatarId: text('avatar_id'),
    engine: text('engine', { enum: PROFILE_ENGINES }).notNull().default('builtin'),
    status: text('status', { enum: AVATAR_STATUSES }).notNull().default('processing'),
    error: text('error'),
    /** FaceGeometry (server/ai/media-types.ts), in the stored photo's pixels. */
    face: jsonb('face'),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('avatar_profiles_teacher_idx').on(table.teacherId),
    uniqueIndex('avatar_profiles_avatar_id_unique').on(table.avatarId),
    index('avatar_profiles_image_file_idx')
      .on(table.imageFileId)
      .where(sql`${table.imageFileId} is not null`),
    index('avatar_profiles_video_file_idx')
      .on(table.videoFileId)
      .where(sql`${table.videoFileId} is not null`),
  ],
);
