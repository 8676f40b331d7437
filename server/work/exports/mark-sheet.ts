import { RUBRIC_LEVEL_LABELS, type RubricLevel } from '../../../contract/marking';
import type { Database } from '../../db/client';
import { csvFile } from '../../platform/csv';
import { type MarkSheetRow, markSheetRows } from '../../records/documents';

const STATUS_LABELS: Record<MarkSheetRow['status'], string> = {
  new: 'New',
  'under review': 'Under review',
  reviewed: 'Reviewed',
  shared: 'Shared',
};

/**
 * The directory's full name; a pupil known only by their hand-in (first name and surname
 * initials) goes by the name on the work, so two Mayas in a class stay apart.
 */
const pupilOf = (row: MarkSheetRow) =>
  row.pupilName && row.pupilSurname ? `${row.pupilName} ${row.pupilSurname}` : row.author;

/**
 * The teacher's class mark sheet as CSV: one row per piece of work (assignment, pupil, when
 * handed in, its status, the mark, whether the pupil has seen it), then one column per
 * rubric criterion, in the order they first appear. Year group and grade columns are there
 * when some pupil has one. Every cell is written as text a spreadsheet will not run.
 */
export async function markSheetCsv(db: Database, teacherId: number, title?: string) {
  const rows = await markSheetRows(db, teacherId, title);
  const criteria: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const { criterion } of row.rubric ?? []) {
      const key = criterion.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      criteria.push(criterion);
    }
  }
  const withYear = rows.some((row) => row.yearGroup);
  const withGrade = rows.some((row) => row.grade);
  const header = [
    'Assignment',
    'Pupil',
    ...(withYear ? ['Year group'] : []),
    ...(withGrade ? ['Grade'] : []),
    'Handed in',
    'Status',
    'Mark',
    'Shared with pupil',
    ...criteria,
  ];
  const lines = rows.map((row) => {
    const levels = new Map(
      (row.rubric ?? []).map((r) => [r.criterion.toLowerCase(), r.level as RubricLevel]),
    );
    return [
      row.title,
      pupilOf(row),
      ...(withYear ? [row.yearGroup ?? ''] : []),
      ...(withGrade ? [row.grade ?? ''] : []),
      row.handedInAt.toISOString().slice(0, 10),
      STATUS_LABELS[row.status],
      row.mark ?? '',
      row.sharedAt ? 'Yes' : 'No',
      ...criteria.map((criterion) => {
        const level = levels.get(criterion.toLowerCase());
        return level ? RUBRIC_LEVEL_LABELS[level] : '';
      }),
    ];
  });
  return csvFile([header, ...lines]);
}

/** "Mark sheet.csv", or "Mark sheet - Volcanoes essay.csv" for one assignment. */
export function markSheetFileName(title?: string) {
  const cleaned = (title ?? '')
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .slice(0, 80);
  return cleaned ? `Mark sheet - ${cleaned}.csv` : 'Mark sheet.csv';
}
