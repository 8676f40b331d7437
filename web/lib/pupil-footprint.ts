import type { StudentFootprint } from '@contract/students';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What erasing a pupil removes, in counts, for the confirmation shown before anything goes.
 * Shared by the teacher's directory and the administrator's view of a teacher's pupils.
 */
export function whatGoes(footprint: StudentFootprint): string[] {
  return [
    plural(footprint.documents, 'handed-in document'),
    plural(footprint.feedback, 'feedback item'),
    footprint.audioRecordings ? plural(footprint.audioRecordings, 'audio recording') : null,
    plural(footprint.shareLinks, 'share link'),
    plural(footprint.parentReports, 'parent report'),
    footprint.reportLinks ? plural(footprint.reportLinks, 'report link') : null,
    footprint.videos ? plural(footprint.videos, 'report video') : null,
    plural(footprint.files, 'stored file'),
  ].filter((line): line is string => line !== null);
}
