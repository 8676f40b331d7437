import type { LessonSuggestion } from '@contract/lesson-plans';
import { Button } from '@web/components/ui/button';
import { Sparkles } from 'lucide-react';

interface SuggestionBannerProps {
  suggestion: LessonSuggestion;
  applying: boolean;
  readOnly: boolean;
  onApply: () => void;
  onDismiss: () => void;
}

const ENGINE_TEXT = {
  builtin: 'Suggested by the built-in planner',
  provider: 'Suggested by your AI provider',
} as const;

/** Spec §4: the suggestion stays until it is applied or dismissed with "No Thanks". */
export function SuggestionBanner({
  suggestion,
  applying,
  readOnly,
  onApply,
  onDismiss,
}: SuggestionBannerProps) {
  const empty = suggestion.suggestedLessons.length === 0;
  return (
    <section
      aria-labelledby="lesson-suggestion-heading"
      className="mb-4 rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-indigo-950"
    >
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-indigo-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="lesson-suggestion-heading" className="font-semibold">
            {suggestion.message}
          </h2>
          <p className="text-xs text-indigo-800">{ENGINE_TEXT[suggestion.engine]}</p>
          {empty ? null : (
            <ul className="mt-3 space-y-2">
              {suggestion.suggestedLessons.map((lesson) => (
                <li key={lesson.suggestionKey} className="rounded-lg bg-white/80 p-2 text-sm">
                  <p className="font-medium">
                    {lesson.title}
                    <span className="font-normal text-slate-700">
                      {' '}
                      · {lesson.day}, {lesson.timeSlot}
                    </span>
                  </p>
                  <p className="text-slate-700">{lesson.reason}</p>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {empty ? null : (
              <Button size="sm" onClick={onApply} disabled={applying || readOnly}>
                {applying ? 'Adding…' : suggestion.action}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={onDismiss} disabled={applying}>
              No Thanks
            </Button>
          </div>
          {readOnly && !empty ? (
            <p className="mt-2 text-xs text-indigo-800">Switch to Edit to add these lessons.</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
