import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { StudentFootprint } from '../../../contract/students';
import type { Database, Transaction } from '../../db/client';
import {
  documents,
  feedback,
  files,
  parentReports,
  type students,
  videoRenders,
} from '../../db/schema';
import { marksOfDocuments } from '../../records/documents';
import { linksOpening, viewsOf } from '../../records/links';

type Tx = Transaction;

/**
 * Everything stored about one pupil: their hand-ins with feedback, marks and share links, their
 * parent reports with links and videos, and every stored file those rows point at. Export
 * writes it out, erase deletes it, and the confirmation counts it: one definition, so the
 * three cannot drift apart.
 */
export async function pupilRecords(db: Database | Tx, student: typeof students.$inferSelect) {
  const teacherId = student.teacherId;
  const docs = await db
    .select()
    .from(documents)
    .where(and(eq(documents.teacherId, teacherId), eq(documents.studentId, student.id)))
    .orderBy(documents.createdAt, documents.id);
  const docIds = docs.map((d) => d.id);
  const feedbackRows = docIds.length
    ? await db
        .select()
        .from(feedback)
        .where(inArray(feedback.documentId, docIds))
        .orderBy(feedback.documentId, feedback.createdAt, feedback.id)
    : [];
  const reports = await db
    .select()
    .from(parentReports)
    .where(and(eq(parentReports.teacherId, teacherId), eq(parentReports.studentId, student.id)))
    .orderBy(parentReports.createdAt, parentReports.id);
  const reportIds = reports.map((r) => r.id);
  // Every link to their work or their reports, with every opening of each.
  const links = await linksOpening(db, { documentIds: docIds, reportIds });
  const openings = await viewsOf(
    db,
    links.map((link) => link.id),
  );
  const renders = await rendersOnlyTheirs(db, teacherId, reports);

  const fileIds = [
    ...docs.map((d) => d.fileId),
    ...feedbackRows.flatMap((f) => [f.audioFileId, f.regionCropFileId]),
    ...renders.flatMap((r) => [r.audioFileId, r.videoFileId]),
  ].filter((id): id is string => Boolean(id));
  const fileRows = fileIds.length
    ? await db
        .select()
        .from(files)
        .where(and(eq(files.teacherId, teacherId), inArray(files.id, fileIds)))
    : [];

  const marks = await marksOfDocuments(db, docIds);

  return {
    student,
    documents: docs,
    feedback: feedbackRows,
    marks,
    reports,
    links,
    linkViews: openings,
    renders,
    files: new Map(fileRows.map((f) => [f.id, f])),
  };
}
export type PupilRecords = Awaited<ReturnType<typeof pupilRecords>>;

/** The videos of the pupil's reports, except one a report about someone else also uses. */
async function rendersOnlyTheirs(
  db: Database | Tx,
  teacherId: number,
  reports: (typeof parentReports.$inferSelect)[],
) {
  const renderIds = [
    ...new Set(reports.map((r) => r.videoRenderId).filter((id): id is string => Boolean(id))),
  ];
  if (renderIds.length === 0) return [];
  const sharedWithOthers = await db
    .select({ id: parentReports.videoRenderId })
    .from(parentReports)
    .where(
      and(
        inArray(parentReports.videoRenderId, renderIds),
        notInArray(
          parentReports.id,
          reports.map((r) => r.id),
        ),
      ),
    );
  const keep = new Set(sharedWithOthers.map((r) => r.id));
  const mine = renderIds.filter((id) => !keep.has(id));
  if (mine.length === 0) return [];
  return db
    .select()
    .from(videoRenders)
    .where(and(eq(videoRenders.teacherId, teacherId), inArray(videoRenders.id, mine)));
}

export function footprintOf(records: PupilRecords): StudentFootprint {
  return {
    documents: records.documents.length,
    feedback: records.feedback.length,
    audioRecordings: records.feedback.filter((f) => f.audioFileId).length,
    shareLinks: records.links.filter((link) => link.kind === 'feedback').length,
    parentReports: records.reports.length,
    reportLinks: records.links.filter((link) => link.kind === 'report').length,
    videos: records.renders.filter((r) => r.videoFileId).length,
    files: records.files.size,
  };
}
