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

/**
 * The counts line of an erase confirmation, while they load, once read, or when they could
 * not be read: both erase dialogs (teacher and administrator) show the same thing.
 */
export function FootprintSummary({
  footprint,
  testId,
}: {
  footprint: { data?: StudentFootprint; isError: boolean };
  testId: string;
}) {
  if (footprint.data) {
    return (
      <span className="block">
        <span className="block font-medium text-slate-900">What will be deleted:</span>
        <span className="mt-1 block" data-testid={testId}>
          {whatGoes(footprint.data).join(', ')}.
        </span>
      </span>
    );
  }
  if (footprint.isError) {
    return <span className="block">What will be deleted could not be counted.</span>;
  }
  return (
    <span className="block" role="status">
      Counting what will be deleted…
    </span>
  );
}
