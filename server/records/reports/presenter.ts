import type { ParentReport, SharedReport } from '../../../contract/parent-reports';
import type { parentReports, students, teachers } from '../../db/schema';
import { pupilDisplayName } from '../pupils';

type ReportRow = typeof parentReports.$inferSelect;
type StudentRow = Pick<typeof students.$inferSelect, 'name' | 'surname' | 'surnameInitials'>;

/** The teacher's addresses of a report's video (their session is the permission). */
export const videoUrlOf = (renderId: string | null) =>
  renderId ? `/api/videos/${renderId}` : null;
export const captionsUrlOf = (renderId: string | null) =>
  renderId ? `/api/videos/${renderId}/captions.vtt` : null;

export function presentReport(
  row: ReportRow,
  student: StudentRow | null,
  avatarFileId: string | null,
): ParentReport {
  const date = row.status === 'sent' && row.sentAt ? row.sentAt : row.updatedAt;
  return {
    id: row.id,
    studentId: row.studentId,
    studentName: student ? pupilDisplayName(student) : 'Unknown Student',
    subjects: row.subjects,
    content: row.content,
    transcript: row.transcript,
    templateId: row.templateId,
    status: row.status,
    date: date.toISOString(),
    videoUrl: videoUrlOf(row.videoRenderId),
    captionsUrl: captionsUrlOf(row.videoRenderId),
    avatarUrl: avatarFileId ? `/api/uploads/${avatarFileId}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * What a parent sees: the teacher's name, the pupil's first name, the subjects, the
 * video and the text. No ids, no surname, no other pupil's anything.
 */
export function presentSharedReport(
  row: ReportRow,
  student: StudentRow | null,
  teacher: Pick<typeof teachers.$inferSelect, 'firstName' | 'lastName'>,
  link: { sharedAt: Date; viewAddress: string },
): SharedReport {
  // The parent plays the video under the link's own address: it stops with the link.
  const hasVideo = row.videoRenderId !== null;
  return {
    teacherName:
      [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') || 'Your child’s teacher',
    pupilFirstName: student?.name ?? 'your child',
    subjects: row.subjects,
    content: row.content,
    videoUrl: hasVideo ? `${link.viewAddress}/video` : null,
    captionsUrl: hasVideo ? `${link.viewAddress}/captions.vtt` : null,
    sharedAt: link.sharedAt.toISOString(),
    aiGenerated: hasVideo,
  };
}
