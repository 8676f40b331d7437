import { LESSON_DAYS } from '@contract/lesson-constants';
import type { LessonPlan } from '@contract/lesson-plans';
import { compareLessons } from '@contract/lesson-time';
import { createPortal } from 'react-dom';

// On paper only the week shows, on one A4 landscape sheet; on screen it is not there at all.
const PRINT_CSS = `
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body { background: white !important; }
  body > :not(.cv-plan-print) { display: none !important; }
  .cv-plan-print { display: block !important; }
}
@media screen { .cv-plan-print { display: none; } }
`;

/** The week as a printable page: title, dates, and five columns of time, title and description. */
export function PrintWeek({ plan }: { plan: LessonPlan }) {
  const sorted = [...plan.lessons].sort(compareLessons);
  return createPortal(
    <div className="cv-plan-print text-slate-900" aria-hidden="true">
      <style>{PRINT_CSS}</style>
      <h1 className="text-xl font-bold">{plan.title}</h1>
      <p className="mb-3 text-sm text-slate-700">{plan.dateRange}</p>
      <div className="grid grid-cols-5 gap-2">
        {LESSON_DAYS.map((day) => (
          <div key={day} className="min-w-0">
            <h2 className="border-b-2 border-slate-800 pb-1 text-sm font-bold">{day}</h2>
            {sorted
              .filter((lesson) => lesson.day === day)
              .map((lesson) => (
                <div
                  key={lesson.id}
                  className="mt-1.5 break-inside-avoid border-b border-slate-300 pb-1.5 text-[9pt] leading-snug"
                >
                  <p className="font-mono text-[8pt] text-slate-700">{lesson.timeSlot}</p>
                  <p className="font-semibold break-words">{lesson.title}</p>
                  <p className="line-clamp-4 break-words text-slate-800">{lesson.description}</p>
                </div>
              ))}
          </div>
        ))}
      </div>
    </div>,
    document.body,
  );
}
