import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createParentReportSchema,
  REPORT_NOT_FOUND,
  type updateParentReportSchema,
} from '../../../contract/parent-reports';
import { avatarProfiles, parentReports, students, videoRenders } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { AppContext } from '../../records/context';
import { findTeacherStudent } from '../pupils';
import { discardRenders } from '../videos';
import { presentReport } from './presenter';

type CreateInput = z.output<typeof createParentReportSchema>;
type UpdateInput = z.output<typeof updateParentReportSchema>;

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
  return rows.map((r) => presentReport(r.report, r.student, r.avatarFileId ?? null));
}

export async function getReport(ctx: AppContext, teacherId: number, id: number) {
  const [row] = await selectReports(ctx, teacherId).where(
    and(eq(parentReports.teacherId, teacherId), eq(parentReports.id, id)),
  );
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return presentReport(row.report, row.student, row.avatarFileId ?? null);
}

async function ownedReport(ctx: AppContext, teacherId: number, id: number) {
  const [row] = await ctx.db
    .select()
    .from(parentReports)
    .where(and(eq(parentReports.id, id), eq(parentReports.teacherId, teacherId)));
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return row;
}

async function checkStudent(ctx: AppContext, teacherId: number, studentId: number) {
  if (!(await findTeacherStudent(ctx.db, teacherId, studentId))) {
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

export async function createReport(ctx: AppContext, teacherId: number, input: CreateInput) {
  await checkStudent(ctx, teacherId, input.studentId);
  const videoRenderId = await renderIdOf(ctx, teacherId, input.videoUrl);
  const [created] = await ctx.db
    .insert(parentReports)
    .values({
      teacherId,
      studentId: input.studentId,
      subjects: input.subjects,
      content: input.content,
      transcript: input.transcript,
      templateId: input.templateId ?? null,
      status: 'draft',
      videoRenderId,
    })
    .returning();
  return getReport(ctx, teacherId, created!.id);
}

/**
 * A draft can be edited; a sent report is what the parent has, so it only stays sent
 * (the spec's share call, `{ status: "sent" }`, may come again).
 */
export async function updateReport(
  ctx: AppContext,
  teacherId: number,
  id: number,
  input: UpdateInput,
) {
  const row = await ownedReport(ctx, teacherId, id);
  const { status, videoUrl, ...fields } = input;
  const editsContent = Object.values(fields).some((v) => v !== undefined) || videoUrl !== undefined;
  if (row.status === 'sent' && (editsContent || status === 'draft')) {
    throw conflict('This report has been sent to the parent and can no longer be edited');
  }
  if (fields.studentId !== undefined) await checkStudent(ctx, teacherId, fields.studentId);
  const now = new Date();
  await ctx.db
    .update(parentReports)
    .set({
      ...fields,
      ...(videoUrl !== undefined
        ? { videoRenderId: await renderIdOf(ctx, teacherId, videoUrl) }
        : {}),
      ...(status === 'sent' && row.status !== 'sent' ? { status, sentAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(parentReports.id, id));
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
    if (deleted.videoRenderId) await discardRenders(tx, teacherId, [deleted.videoRenderId]);
  });
  ctx.jobs.poke();
}

export { ownedReport };
