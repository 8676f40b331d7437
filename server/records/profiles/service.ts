import { randomBytes } from 'node:crypto';
import { and, desc, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import { idInAddress } from '../../../contract/addresses';
import type {
  createAvatarProfileSchema,
  createVoiceProfileSchema,
} from '../../../contract/profiles';
import { analyzeVoice, VoiceAnalysisError } from '../../ai/voice-analysis';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { deleteFileRow } from '../uploads';
import type { AvatarRow, VoiceRow } from './presenter';
import { avatarProfiles, voiceProfiles } from './tables';

/**
 * The teacher's own uploaded file behind an address this server handed out, of the
 * expected kind; never a client-chosen path or another teacher's file.
 */
/** The job that finds the face in a new avatar's photo: queued here, run by rendering. */
export const PREPARE_AVATAR_JOB = 'prepare-avatar';

export async function ownedMedia(
  db: Database,
  teacherId: number,
  path: string | null | undefined,
  kind: 'sample' | 'image' | 'video',
) {
  const address = { sample: 'voiceSample', image: 'avatarImage', video: 'avatarVideo' } as const;
  const prefix = { sample: 'audio/', image: 'image/', video: 'video/' }[kind];
  const fileId = path ? idInAddress(address[kind], path) : null;
  if (!fileId) return null;
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.teacherId, teacherId)));
  return file?.contentType.startsWith(prefix) ? file : null;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export async function listVoices(db: Database, teacherId: number) {
  return db
    .select()
    .from(voiceProfiles)
    .where(eq(voiceProfiles.teacherId, teacherId))
    .orderBy(desc(voiceProfiles.createdAt), desc(voiceProfiles.id));
}

export async function listAvatars(db: Database, teacherId: number) {
  return db
    .select()
    .from(avatarProfiles)
    .where(eq(avatarProfiles.teacherId, teacherId))
    .orderBy(desc(avatarProfiles.createdAt), desc(avatarProfiles.id));
}

/**
 * Measures the sample for the built-in synthesizer and, when a voice-cloning service is
 * configured, registers the voice there. A provider failure never loses the profile: it
 * is kept on the built-in engine and the answer says so.
 */
export async function createVoice(
  ctx: AppContext,
  teacherId: number,
  input: z.output<typeof createVoiceProfileSchema>,
): Promise<{ row: VoiceRow; notice: string | null }> {
  const sample = await ownedMedia(ctx.db, teacherId, input.samplePath, 'sample');
  if (!sample) throw badRequest('Please upload or record a voice sample', 'sample_required');
  const bytes = await ctx.files.read(sample.storageKey);
  let settings: Awaited<ReturnType<typeof analyzeVoice>>;
  try {
    settings = await analyzeVoice(bytes);
  } catch (error) {
    if (error instanceof VoiceAnalysisError) throw badRequest(error.message, 'not_enough_speech');
    throw error;
  }
  let engine: 'builtin' | 'provider' = 'builtin';
  let voiceId = newId('voice');
  let notice: string | null = null;
  if (ctx.ai.voiceCloner) {
    try {
      voiceId = await ctx.ai.voiceCloner.createVoice(
        { bytes, contentType: sample.contentType, fileName: sample.originalName },
        input.name.trim(),
      );
      engine = 'provider';
    } catch (error) {
      ctx.log.warn({ err: error }, 'Voice-cloning provider failed; using the built-in voice');
      notice =
        'The voice service could not take this sample, so this voice uses the built-in engine on this server.';
    }
  }
  const [row] = await ctx.db
    .insert(voiceProfiles)
    .values({
      teacherId,
      name: input.name.trim(),
      description: input.description.trim(),
      sampleFileId: sample.id,
      voiceId,
      engine,
      settings,
      consentAt: new Date(),
    })
    .returning();
  return { row: row!, notice };
}

export async function createAvatar(
  ctx: AppContext,
  teacherId: number,
  input: z.output<typeof createAvatarProfileSchema>,
): Promise<AvatarRow> {
  const image = await ownedMedia(ctx.db, teacherId, input.imagePath ?? input.imageData, 'image');
  if (!image) throw badRequest('Please upload a photo', 'photo_required');
  const video = input.videoSamplePath
    ? await ownedMedia(ctx.db, teacherId, input.videoSamplePath, 'video')
    : null;
  if (input.videoSamplePath && !video) {
    throw badRequest('Please upload the video sample again', 'video_required');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(avatarProfiles)
      .values({
        teacherId,
        name: input.teacherName.trim(),
        imageFileId: image.id,
        videoFileId: video?.id ?? null,
        status: 'processing',
        consentAt: new Date(),
      })
      .returning();
    await enqueueJob(tx, PREPARE_AVATAR_JOB, { avatarProfileId: created!.id });
    return created!;
  });
  ctx.jobs.poke();
  return row;
}

/** Deletes the rows first, then the bytes no profile uses any more (as deleteFeedback does). */
async function removeProfile(
  ctx: AppContext,
  table: typeof voiceProfiles | typeof avatarProfiles,
  id: number,
  fileIds: (string | null)[],
) {
  const keys = await ctx.db.transaction(async (tx) => {
    await tx.delete(table).where(eq(table.id, id));
    const storageKeys: string[] = [];
    for (const fileId of fileIds) {
      if (!fileId || (await fileInUse(tx as unknown as Database, fileId))) continue;
      const storageKey = await deleteFileRow(tx, fileId);
      if (storageKey) storageKeys.push(storageKey);
    }
    return storageKeys;
  });
  for (const key of keys) await ctx.files.delete(key).catch(() => undefined);
}

async function fileInUse(db: Database, fileId: string): Promise<boolean> {
  const voices = await db
    .select({ id: voiceProfiles.id })
    .from(voiceProfiles)
    .where(eq(voiceProfiles.sampleFileId, fileId))
    .limit(1);
  const avatars = await db
    .select({ id: avatarProfiles.id })
    .from(avatarProfiles)
    .where(or(eq(avatarProfiles.imageFileId, fileId), eq(avatarProfiles.videoFileId, fileId)))
    .limit(1);
  return voices.length + avatars.length > 0;
}

export async function deleteVoice(ctx: AppContext, row: VoiceRow) {
  await removeProfile(ctx, voiceProfiles, row.id, [row.sampleFileId]);
}

export async function deleteAvatar(ctx: AppContext, row: AvatarRow) {
  await removeProfile(ctx, avatarProfiles, row.id, [row.imageFileId, row.videoFileId]);
}

/** A teacher's voice by its voice id; another teacher's is not found. */
export async function ownedVoice(db: Database, teacherId: number, voiceId: string) {
  const [row] = await db
    .select()
    .from(voiceProfiles)
    .where(and(eq(voiceProfiles.voiceId, voiceId), eq(voiceProfiles.teacherId, teacherId)));
  if (!row) throw notFound('Voice profile not found');
  return row;
}

export async function ownedAvatar(
  db: Database,
  teacherId: number,
  by: { avatarId: string } | { id: number },
) {
  const match =
    'avatarId' in by ? eq(avatarProfiles.avatarId, by.avatarId) : eq(avatarProfiles.id, by.id);
  const [row] = await db
    .select()
    .from(avatarProfiles)
    .where(and(match, eq(avatarProfiles.teacherId, teacherId)));
  if (!row) throw notFound('Avatar profile not found');
  return row;
}
