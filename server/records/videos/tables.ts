import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { avatarProfiles, voiceProfiles } from '../profiles/tables';
import { teachers } from '../teachers/tables';
import { files } from '../uploads/tables';

export const RENDER_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;

/**
 * One avatar video being rendered (a durable job) or rendered. The id is random and
 * public: the video's address carries it. Progress is in percent for the page.
 */
export const videoRenders = pgTable(
  'video_renders',
  {
    id: text('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RENDER_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Which engine made it: 'builtin' or the provider's name, so the page can say so. */
    engine: text('engine'),
    voiceSource: text('voice_source', { enum: ['recording', 'synthesized'] })
      .notNull()
      .default('recording'),
    audioFileId: text('audio_file_id').references(() => files.id, { onDelete: 'set null' }),
    videoFileId: text('video_file_id').references(() => files.id, { onDelete: 'set null' }),
    avatarProfileId: integer('avatar_profile_id').references(() => avatarProfiles.id, {
      onDelete: 'set null',
    }),
    voiceProfileId: integer('voice_profile_id').references(() => voiceProfiles.id, {
      onDelete: 'set null',
    }),
    transcript: text('transcript').notNull().default(''),
    enhancedTranscript: text('enhanced_transcript').notNull().default(''),
    /** WebVTT captions from the enhanced transcript, timed to the speech. */
    captions: text('captions'),
    durationMs: integer('duration_ms'),
    /**
     * What the video's sound left out of the teacher's recording: the words the enhancer
     * dropped and the long pauses, cut (the recording itself, audioFileId, is kept as it
     * was). aligned false: the transcript did not fit the recording, used as it is. Null
     * for a synthesized voice and for renders made before cleaning.
     */
    voiceCleaning: jsonb('voice_cleaning').$type<{
      aligned: boolean;
      originalDurationMs: number;
      cleanedDurationMs: number;
      removedWords: string[];
      pausesMs: number;
    }>(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('video_renders_teacher_idx').on(table.teacherId, table.createdAt),
    // The references a deleted file or profile clears (0026).
    index('video_renders_audio_file_idx')
      .on(table.audioFileId)
      .where(sql`${table.audioFileId} is not null`),
    index('video_renders_video_file_idx')
      .on(table.videoFileId)
      .where(sql`${table.videoFileId} is not null`),
    index('video_renders_avatar_profile_idx')
      .on(table.avatarProfileId)
      .where(sql`${table.avatarProfileId} is not null`),
    index('video_renders_voice_profile_idx')
      .on(table.voiceProfileId)
      .where(sql`${table.voiceProfileId} is not null`),
  ],
);
