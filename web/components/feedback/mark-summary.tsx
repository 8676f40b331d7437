import {
  type DocumentMarkView,
  isEmptyMark,
  RUBRIC_LEVEL_LABELS,
  RUBRIC_LEVELS,
} from '@contract/marking-limits';
import { cn } from '@web/lib/cn';
import { Award } from 'lucide-react';

/**
 * The mark or grade and the rubric, as a pupil or a parent sees them beside the feedback:
 * each criterion with its level, and how far up the four levels that is (in words too,
 * not only as dots).
 */
export function MarkSummary({
  mark,
  headingLevel: Heading = 'h2',
  className,
}: {
  mark: DocumentMarkView | null | undefined;
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
}) {
  if (!mark || isEmptyMark(mark)) return null;
  return (
    <section
      aria-label="Mark"
      className={cn('rounded-lg border border-indigo-200 bg-indigo-50/60 p-4', className)}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Heading className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <Award className="size-4 text-indigo-700" aria-hidden="true" />
          Mark
        </Heading>
        {mark.mark ? (
          <p className="text-lg font-bold text-slate-900" data-mark="">
            {mark.mark}
          </p>
        ) : null}
      </div>
      {mark.rubric.length > 0 ? (
        <dl className="mt-2 space-y-1.5 text-sm">
          {mark.rubric.map((row) => {
            const step = RUBRIC_LEVELS.indexOf(row.level) + 1;
            return (
              <div
                key={row.criterion}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5"
              >
                <dt className="min-w-0 text-slate-800">{row.criterion}</dt>
                <dd className="flex items-center gap-2 font-medium text-slate-900">
                  <span aria-hidden="true" className="flex gap-0.5">
                    {RUBRIC_LEVELS.map((level, index) => (
                      <span
                        key={level}
                        className={cn(
                          'size-2 rounded-full',
                          index < step ? 'bg-indigo-600' : 'bg-slate-300',
                        )}
                      />
                    ))}
                  </span>
                  {RUBRIC_LEVEL_LABELS[row.level]}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
    </section>
  );
}
