import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { idInAddress } from '../../../contract/addresses';
import {
  type createParentReportSchema,
  MAX_SPOKEN_TEXT_CHARS,
  type makeReportVideoSchema,
  REPORT_NOT_FOUND,
  type updateParentReportSchema,
} from '../../../contract/parent-reports';
import type { Transaction } from '../../db/client';
import { avatarProfiles, students, videoRenders } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { AppContext } from '../../records/context';
import { findTeacherFile } from '../uploads';
import { holdRenderPlace, insertRender, planRender } from '../videos';
import { presentReport } from './presenter';
import { discardUnshownRenders } from './shown-renders';
import { parentReports } from './tables';

type CreateInput = z.output<typeof createParentReportSchema>;
type UpdateInput = z.output<typeof updateParentReportSchema>;
type MakeVideoInput = z.output<typeof makeReportVideoSchema>;

const SENT = 'This report has been sent to the parent and can no longer be edited';

const STUDENT_NOT_FOUND = 'Student not found';

/** The teacher's reports with their pupil and the avatar shown in their video, newest first. */
function selectReports(ctx: AppContext, teacherId: number) {
  return ctx.db
    .select({
      report: parentReports,
      student: {
        name: students.name,
        surname: students.surname,
        surnameInitials: students.surnameInitials,
      },
      avatarFileId: avatarProfiles.imageFileId,
      render: {
        id: videoRenders.id,
        status: videoRenders.status,
        progress: videoRenders.progress,
        voiceSource: videoRenders.voiceSource,
        error: videoRenders.error,
        audioFileId: videoRenders.audioFileId,
        enhancedTranscript: videoRenders.enhancedTranscript,
      },
    })
    .from(parentReports)
    .leftJoin(students, eq(students.id, parentReports.studentId))
    .leftJoin(videoRenders, eq(videoRenders.id, parentReports.videoRenderId))
    .leftJoin(avatarProfiles, eq(avatarProfiles.id, videoRenders.avatarProfileId))
    .where(eq(parentReports.teacherId, teacherId))
    .$dynamic();
}

export async function listReports(ctx: AppContext, teacherId: number) {
  const rows = await selectReports(ctx, teacherId).orderBy(
    desc(parentReports.updatedAt),
    desc(parentReports.id),
  );
  return rows.map((r) => presentReport(r.report, r.student, r.avatarFileId ?? null, r.render));
}

export async function getReport(ctx: AppContext, teacherId: number, id: number) {
  const [row] = await selectReports(ctx, teacherId).where(
    and(eq(parentReports.teacherId, teacherId), eq(parentReports.id, id)),
  );
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return presentReport(row.report, row.student, row.avatarFileId ?? null, row.render);
}

async function ownedReport(ctx: AppContext, teacherId: number, id: number) {
  const [row] = await ctx.db
    .select()
    .from(parentReports)
    .where(and(eq(parentReports.id, id), eq(parentReports.teacherId, teacherId)));
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return row;
}

/**
 * The pupil must be in the teacher's directory. Read here, not through records/pupils:
 * pupils sits above reports (merging two pupils moves their reports).
 */
async function checkStudent(ctx: AppContext, teacherId: number, studentId: number) {
  const [student] = await ctx.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.teacherId, teacherId)));
  if (!student) {
    throw notFound(STUDENT_NOT_FOUND, 'student_not_found');
  }
}

/** The render behind a /api/videos/{id} address, if it is this teacher's. */
async function renderIdOf(ctx: AppContext, teacherId: number, url: string | null | undefined) {
  if (!url) return null;
  const id = url.split('/').pop() ?? '';
  const [render] = await ctx.db
    .select({ id: videoRenders.id })
    .from(videoRenders)
    .where(and(eq(videoRenders.id, id), eq(videoRenders.teacherId, teacherId)));
  if (!render) throw badRequest('This video was not made here', 'unknown_video');
  return render.id;
}

/** The teacher's own stored recording behind a /api/audio/{id} address this server gave. */
async function recordingIdOf(ctx: AppContext, teacherId: number, url: string | null | undefined) {
  if (!url) return null;
  const fileId = idInAddress('audio', url);
  const file = fileId ? await findTeacherFile(ctx.db, teacherId, fileId) : null;
  if (!file?.contentType.startsWith('audio/')) {
    throw badRequest('This recording was not made here', 'unknown_recording');
  }
  return file.id;
}

/**
 * A saved recording without a video is made into one at once, so the draft keeps it: the
 * render holds the recording whatever becomes of the video. One render per report at most
 * (a new one replaces the last), so the teacher's limit of videos in the making is not
 * asked here: the queue takes owners in turn.
 */
async function renderRecording(
  ctx: AppContext,
  teacherId: number,
  audioFileId: string,
  words: { transcript: string; content: string },
) {
  return planRender(ctx, teacherId, {
    voiceSource: 'recording',
    audioFileId,
    transcript: words.transcript,
    enhancedTranscript: words.content,
  });
}

export async function createReport(ctx: AppContext, teacherId: number, input: CreateInput) {
  await checkStudent(ctx, teacherId, input.studentId);
  const videoRenderId = await renderIdOf(ctx, teacherId, input.videoUrl);
  // A video already made holds its own recording.
  const recordingId = videoRenderId
    ? null
    : await recordingIdOf(ctx, teacherId, input.recordingUrl);
  const plan = recordingId ? await renderRecording(ctx, teacherId, recordingId, input) : null;
  const id = await ctx.db.transaction(async (tx) => {
    const render = plan ? await insertRender(tx, teacherId, plan) : null;
    const [created] = await tx
      .insert(parentReports)
      .values({
        teacherId,
        studentId: input.studentId,
        subjects: input.subjects,
        content: input.content,
        transcript: input.transcript,
        templateId: input.templateId ?? null,
        status: 'draft',
        videoRenderId: videoRenderId ?? render?.id ?? null,
      })
      .returning({ id: parentReports.id });
    return created!.id;
  });
  if (plan) ctx.jobs.poke();
  return getReport(ctx, teacherId, id);
}

/** Points the report at another render and discards the one it replaces. */
async function replaceRender(
  tx: Transaction,
  teacherId: number,
  report: { id: number; videoRenderId: string | null },
  renderId: string,
) {
  await tx
    .update(parentReports)
    .set({ videoRenderId: renderId, updatedAt: new Date() })
    .where(eq(parentReports.id, report.id));
  if (report.videoRenderId && report.videoRenderId !== renderId) {
    await discardUnshownRenders(tx, teacherId, [report.videoRenderId]);
  }
}

/**
 * A draft can be edited; a sent report is what the parent has, so it only stays sent
 * (the share call, `{ status: "sent" }`, may come again: a client that retries it is answered the same).
 */
export async function updateReport(
  ctx: AppContext,
  teacherId: number,
  id: number,
  input: UpdateInput,
) {
  const row = await ownedReport(ctx, teacherId, id);
  const { status, videoUrl, recordingUrl, ...fields } = input;
  const editsContent =
    Object.values(fields).some((v) => v !== undefined) ||
    videoUrl !== undefined ||
    recordingUrl !== undefined;
  if (row.status === 'sent' && (editsContent || status === 'draft')) throw conflict(SENT);
  if (fields.studentId !== undefined) await checkStudent(ctx, teacherId, fields.studentId);
  const videoRenderId =
    videoUrl !== undefined ? await renderIdOf(ctx, teacherId, videoUrl) : undefined;
  const recordingId = videoRenderId ? null : await recordingIdOf(ctx, teacherId, recordingUrl);
  const current = row.videoRenderId ? await renderOf(ctx, row.videoRenderId) : null;
  // A new recording (not the one the report's render already holds) is made into the video.
  const plan =
    recordingId && current?.audioFileId !== recordingId
      ? await renderRecording(ctx, teacherId, recordingId, {
          transcript: fields.transcript ?? row.transcript,
          content: fields.content ?? row.content,
        })
      : null;
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(parentReports)
      .set({
        ...fields,
        ...(status === 'sent' && row.status !== 'sent' ? { status, sentAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(parentReports.id, id));
    // `videoUrl: null` leaves the report's render: it holds the recording.
    if (videoRenderId) await replaceRender(tx, teacherId, row, videoRenderId);
    if (plan) await replaceRender(tx, teacherId, row, (await insertRender(tx, teacherId, plan)).id);
  });
  if (plan) ctx.jobs.poke();
  return getReport(ctx, teacherId, id);
}

async function renderOf(ctx: AppContext, renderId: string) {
  const [render] = await ctx.db.select().from(videoRenders).where(eq(videoRenders.id, renderId));
  return render ?? null;
}

/**
 * Makes a saved draft's video again (or for the first time): with the teacher's recording
 * kept with the report, or in the synthesized voice of their voice profile (a typed report
 * has only that). The new render keeps the recording, and the old render goes.
 */
export async function makeReportVideo(
  ctx: AppContext,
  teacherId: number,
  id: number,
  input: MakeVideoInput,
) {
  const row = await ownedReport(ctx, teacherId, id);
  if (row.status === 'sent') {
    throw conflict('This report has been sent to the parent: its video can no longer be changed');
  }
  const current = row.videoRenderId ? await renderOf(ctx, row.videoRenderId) : null;
  const audioFileId = current?.audioFileId ?? null;
  const voiceSource = input.voice ?? (audioFileId ? 'recording' : 'synthesized');
  if (voiceSource === 'recording' && !audioFileId) {
    throw badRequest(
      'This report has no recording: record one in Edit, or use the synthesized voice',
      'no_recording',
    );
  }
  if (voiceSource === 'synthesized' && row.content.trim().length > MAX_SPOKEN_TEXT_CHARS) {
    throw badRequest(
      `The report is too long to speak: at most ${MAX_SPOKEN_TEXT_CHARS} characters (about two minutes).`,
      'validation_error',
    );
  }
  const plan = await planRender(ctx, teacherId, {
    voiceSource,
    audioFileId,
    transcript: row.transcript,
    enhancedTranscript: row.content,
  });
  await ctx.db.transaction(async (tx) => {
    await holdRenderPlace(tx, teacherId, row.videoRenderId ?? undefined);
    const render = await insertRender(tx, teacherId, plan);
    await replaceRender(tx, teacherId, row, render.id);
  });
  ctx.jobs.poke();
  return getReport(ctx, teacherId, id);
}

/**
 * Deletes the report with everything that carried it: every link a parent was sent and
 * their views (cascade), and its video — the render with its captions, the MP4 and the
 * recording — in one transaction, the stored bytes by a durable job committed with it.
 */
export async function deleteReport(ctx: AppContext, teacherId: number, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(parentReports)
      .where(and(eq(parentReports.id, id), eq(parentReports.teacherId, teacherId)))
      .returning({ videoRenderId: parentReports.videoRenderId });
    if (!deleted) throw notFound(REPORT_NOT_FOUND);
    if (deleted.videoRenderId) await discardUnshownRenders(tx, teacherId, [deleted.videoRenderId]);
  });
  ctx.jobs.poke();
}

export { ownedReport };
