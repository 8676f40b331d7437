import type { ParentReport, SharedReport } from '../../../contract/parent-reports';
import { pupilDisplayName } from '../../../contract/pupil-names';
import type { students, teachers, videoRenders } from '../../db/schema';
import { audioUrl } from '../feedback';
import type { parentReports } from './tables';

type ReportRow = typeof parentReports.$inferSelect;
type StudentRow = Pick<typeof students.$inferSelect, 'name' | 'surname' | 'surnameInitials'>;
/** The report's render as far as its pages need it; null when it has none. */
export type ReportRender = Pick<
  typeof videoRenders.$inferSelect,
  'id' | 'status' | 'progress' | 'voiceSource' | 'error' | 'audioFileId' | 'enhancedTranscript'
>;

/** The teacher's addresses of a report's video (their session is the permission). */
export const videoUrlOf = (renderId: string | null) =>
  renderId ? `/api/videos/${renderId}` : null;
export const captionsUrlOf = (renderId: string | null) =>
  renderId ? `/api/videos/${renderId}/captions.vtt` : null;

export function presentReport(
  row: ReportRow,
  student: StudentRow | null,
  avatarFileId: string | null,
  render: ReportRender | null,
): ParentReport {
  const date = row.status === 'sent' && row.sentAt ? row.sentAt : row.updatedAt;
  const made = render?.id && render.status === 'done' ? render.id : null;
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
    videoUrl: videoUrlOf(made),
    captionsUrl: captionsUrlOf(made),
    video: render?.id
      ? {
          renderId: render.id,
          status: render.status,
          progress: render.progress,
          voiceSource: render.voiceSource,
          error: render.error,
          textChanged: render.enhancedTranscript.trim() !== row.content.trim(),
        }
      : null,
    recordingUrl: audioUrl(render?.id ? render.audioFileId : null),
    avatarUrl: made && avatarFileId ? `/api/uploads/${avatarFileId}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * What a parent sees: the teacher's name, the pupil's first name, the subjects, the
 * video (once it is made) and the text. No ids, no surname, no other pupil's anything.
 */
export function presentSharedReport(
  row: ReportRow,
  student: StudentRow | null,
  teacher: Pick<typeof teachers.$inferSelect, 'firstName' | 'lastName'>,
  render: Pick<ReportRender, 'status' | 'voiceSource'> | null,
  link: { sharedAt: Date; viewAddress: string },
): SharedReport {
  // The parent plays the video under the link's own address: it stops with the link. A
  // video still being made, or one that failed, is not offered.
  const hasVideo = row.videoRenderId !== null && render?.status === 'done';
  return {
    teacherName:
      [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') || 'Your child’s teacher',
    pupilFirstName: student?.name ?? 'your child',
    subjects: row.subjects,
    content: row.content,
    videoUrl: hasVideo ? `${link.viewAddress}/video` : null,
    captionsUrl: hasVideo ? `${link.viewAddress}/captions.vtt` : null,
    videoVoice: hasVideo ? (render?.voiceSource ?? null) : null,
    sharedAt: link.sharedAt.toISOString(),
    aiGenerated: hasVideo,
  };
}
