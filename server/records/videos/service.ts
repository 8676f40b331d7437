import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isAddressId } from '../../../contract/addresses';
import type { generateVideoRequestSchema } from '../../../contract/avatar-video';
import type { Transaction } from '../../db/client';
import { avatarProfiles, teachers, voiceProfiles } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { removeStoredFilesLater } from '../../platform/file-removal';
import { deleteJobsAbout, enqueueJob } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { storeRecording } from '../recordings';
import { enhanceForTeacher } from '../settings';
import { deleteFilesNoLongerNamed, discardStoredFile } from '../uploads';
import type { RenderRow } from './presenter';
import { videoRenders } from './tables';

export const RENDER_VIDEO_JOB = 'render-avatar-video';

type GenerateInput = Omit<z.output<typeof generateVideoRequestSchema>, 'audioData'> & {
  /** The teacher's recording, already read from the request. */
  recording: Buffer | null;
};

/**
 * Renders a teacher may have waiting or under way at once. Rendering is the heaviest work
 * the server does; past this, a burst from one account would hold the queue for everyone.
 */
export const MAX_PENDING_RENDERS_PER_TEACHER = 3;
const tooManyRenders = () =>
  new AppError(
    429,
    'too_many_renders',
    `You already have ${MAX_PENDING_RENDERS_PER_TEACHER} videos being made. Please wait for one to finish, then try again.`,
  );

async function pendingRenders(db: Pick<Transaction, 'select'>, teacherId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(videoRenders)
    .where(
      and(
        eq(videoRenders.teacherId, teacherId),
        inArray(videoRenders.status, ['queued', 'rendering']),
      ),
    );
  return row?.n ?? 0;
}

/** Render ids are addresses: 128 random bits, never a counter. */
const newRenderId = () => randomBytes(16).toString('base64url');
export const isRenderId = isAddressId;

export async function newestReadyAvatar(ctx: AppContext, teacherId: number) {
  const [row] = await ctx.db
    .select()
    .from(avatarProfiles)
    .where(and(eq(avatarProfiles.teacherId, teacherId), eq(avatarProfiles.status, 'ready')))
    .orderBy(desc(avatarProfiles.createdAt), desc(avatarProfiles.id))
    .limit(1);
  return row ?? null;
}

export async function newestVoice(ctx: AppContext, teacherId: number) {
  const [row] = await ctx.db
    .select()
    .from(voiceProfiles)
    .where(eq(voiceProfiles.teacherId, teacherId))
    .orderBy(desc(voiceProfiles.createdAt), desc(voiceProfiles.id))
    .limit(1);
  return row ?? null;
}

export async function teacherDisplayName(ctx: AppContext, teacherId: number): Promise<string> {
  const [row] = await ctx.db.select().from(teachers).where(eq(teachers.id, teacherId));
  return [row?.firstName, row?.lastName].filter(Boolean).join(' ').trim() || 'Your teacher';
}

/** What a new render speaks and shows: resolved before its transaction opens. */
export interface RenderPlan {
  voiceSource: 'recording' | 'synthesized';
  /** The teacher's recording: spoken for 'recording', kept with the render either way. */
  audioFileId: string | null;
  avatarProfileId: number | null;
  voiceProfileId: number | null;
  transcript: string;
  enhancedTranscript: string;
}

/** The teacher's newest ready avatar and, for a synthesized voice, their newest voice. */
export async function planRender(
  ctx: AppContext,
  teacherId: number,
  input: Omit<RenderPlan, 'avatarProfileId' | 'voiceProfileId'>,
): Promise<RenderPlan> {
  const avatar = await newestReadyAvatar(ctx, teacherId);
  const voice = input.voiceSource === 'synthesized' ? await newestVoice(ctx, teacherId) : null;
  return { ...input, avatarProfileId: avatar?.id ?? null, voiceProfileId: voice?.id ?? null };
}

/**
 * Inside the caller's transaction: locks the teacher's row, so two requests at once cannot
 * both take the last place, and refuses past the limit of videos in the making.
 * `replacing` is a render the same transaction discards, so it does not count.
 */
export async function holdRenderPlace(tx: Transaction, teacherId: number, replacing?: string) {
  await tx
    .select({ id: teachers.id })
    .from(teachers)
    .where(eq(teachers.id, teacherId))
    .for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(videoRenders)
    .where(
      and(
        eq(videoRenders.teacherId, teacherId),
        inArray(videoRenders.status, ['queued', 'rendering']),
        replacing ? sql`${videoRenders.id} <> ${replacing}` : undefined,
      ),
    );
  if ((row?.n ?? 0) >= MAX_PENDING_RENDERS_PER_TEACHER) throw tooManyRenders();
}

/** The render row and its durable job, in the caller's transaction. */
export async function insertRender(tx: Transaction, teacherId: number, plan: RenderPlan) {
  const [created] = await tx
    .insert(videoRenders)
    .values({ id: newRenderId(), teacherId, status: 'queued', progress: 0, ...plan })
    .returning();
  await enqueueJob(
    tx,
    RENDER_VIDEO_JOB,
    { renderId: created!.id },
    { fairKey: `teacher:${teacherId}` },
  );
  return created!;
}

/**
 * Stores the recording (if any), settles the transcript, and creates the render row and
 * its durable job in one transaction: the page gets its answer at once, the video follows.
 */
export async function startRender(
  ctx: AppContext,
  teacherId: number,
  input: GenerateInput,
): Promise<RenderRow> {
  // Refused before the recording is stored and transcribed; counted again, exactly, below.
  if ((await pendingRenders(ctx.db, teacherId)) >= MAX_PENDING_RENDERS_PER_TEACHER) {
    throw tooManyRenders();
  }
  let audioFileId: string | null = null;
  let transcript = input.transcript ?? '';
  if (input.recording) {
    const recording = await storeRecording(
      ctx,
      teacherId,
      input.recording,
      input.transcript,
      'report-video',
    );
    audioFileId = recording.file.id;
    transcript = recording.transcript;
  }
  // The teacher's own edit wins; otherwise the enhancer tidies the transcript.
  const enhancedTranscript =
    input.enhancedTranscript ?? (await enhanceForTeacher(ctx, teacherId, transcript));
  const plan = await planRender(ctx, teacherId, {
    voiceSource: input.voice,
    audioFileId,
    transcript,
    enhancedTranscript,
  });
  const row = await ctx.db
    .transaction(async (tx) => {
      await holdRenderPlace(tx, teacherId);
      return insertRender(tx, teacherId, plan);
    })
    .catch(async (error: unknown) => {
      if (audioFileId) await discardStoredFile(ctx, audioFileId);
      throw error;
    });
  ctx.jobs.poke();
  return row;
}

export async function findRender(ctx: AppContext, renderId: string) {
  if (!isRenderId(renderId)) return null;
  const [row] = await ctx.db.select().from(videoRenders).where(eq(videoRenders.id, renderId));
  return row ?? null;
}

/**
 * Deletes renders with everything they hold about a pupil — the row (transcript, captions),
 * a render still queued or running, the stored recording and MP4 — in the caller's
 * transaction. The bytes go by a durable job committed with it, so a crash after the
 * commit still removes them on restart. The caller passes only renders no report shows
 * (records/reports' discardUnshownRenders asks first, in the same transaction).
 */
export async function discardRenders(tx: Transaction, teacherId: number, renderIds: string[]) {
  if (renderIds.length === 0) return;
  await deleteJobsAbout(tx, [{ kind: RENDER_VIDEO_JOB, field: 'renderId', values: renderIds }]);
  const removed = await tx
    .delete(videoRenders)
    .where(and(eq(videoRenders.teacherId, teacherId), inArray(videoRenders.id, renderIds)))
    .returning({ audioFileId: videoRenders.audioFileId, videoFileId: videoRenders.videoFileId });
  const fileIds = removed
    .flatMap((row) => [row.audioFileId, row.videoFileId])
    .filter((id): id is string => id !== null);
  await removeStoredFilesLater(tx, await deleteFilesNoLongerNamed(tx, fileIds));
}
