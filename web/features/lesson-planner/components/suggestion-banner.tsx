import type { LessonSuggestion, SuggestedLesson } from '@contract/lesson-plans';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Sparkles, ThumbsDown } from 'lucide-react';
import { Link } from 'wouter';

interface SuggestionBannerProps {
  suggestion: LessonSuggestion;
  applying: boolean;
  readOnly: boolean;
  onApply: () => void;
  onDismiss: () => void;
  onWrong?: (lesson: SuggestedLesson) => void;
  onAskIdeas?: () => void;
  responding?: boolean;
}

const ENGINE_TEXT = {
  builtin: 'Suggested by the built-in planner',
  provider: 'Worded by your AI provider from the built-in planner’s evidence',
} as const;

/** The feedback items a reason counts, each opening its document. */
function Evidence({ lesson }: { lesson: SuggestedLesson }) {
  if (lesson.evidence.length === 0) return null;
  const count = lesson.evidence.length;
  return (
    <details className="mt-1 text-sm">
      <summary className="inline-flex min-h-6 cursor-pointer items-center rounded font-medium text-indigo-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
        See the {count === 1 ? 'feedback item' : `${count} feedback items`} behind this
      </summary>
      <ul className="mt-1 space-y-1 border-l-2 border-indigo-200 pl-3">
        {lesson.evidence.map((item) => (
          <li key={item.feedbackId} className="break-words">
            <Link
              href={`/teacher/document/${item.documentId}`}
              className="font-medium text-indigo-800 underline underline-offset-2"
            >
              {item.pupil}: {item.documentTitle}
            </Link>
            <span className="text-slate-700"> – “{item.comment}”</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function SuggestedItem({
  lesson,
  onWrong,
  responding,
}: {
  lesson: SuggestedLesson;
  onWrong?: (lesson: SuggestedLesson) => void;
  responding?: boolean;
}) {
  return (
    <li className="rounded-lg bg-white/80 p-2 text-sm">
      <p className="font-medium break-words">
        {lesson.change ? (
          lesson.change.summary
        ) : (
          <>
            {lesson.title}
            <span className="font-normal text-slate-700">
              {' '}
              · {lesson.day}, {lesson.timeSlot}
            </span>
          </>
        )}
        {lesson.className ? (
          <Badge tone="indigo" className="ml-2 align-middle">
            {lesson.className}
          </Badge>
        ) : null}
      </p>
      <p className="text-slate-700">{lesson.reason}</p>
      {lesson.change ? (
        <p className="mt-1 text-slate-700">
          <span className="font-medium">Adds: </span>
          {lesson.change.addition}
        </p>
      ) : null}
      <Evidence lesson={lesson} />
      {onWrong ? (
        <Button
          size="sm"
          variant="ghost"
          className="mt-1 h-8 px-2 text-indigo-900"
          onClick={() => onWrong(lesson)}
          disabled={responding}
        >
          <ThumbsDown aria-hidden="true" />
          Wrong suggestion
          <span className="sr-only">: {lesson.change ? lesson.change.summary : lesson.title}</span>
        </Button>
      ) : null}
    </li>
  );
}

/** Spec §4: the suggestion stays until it is applied or dismissed with "No Thanks". */
export function SuggestionBanner({
  suggestion,
  applying,
  readOnly,
  onApply,
  onDismiss,
  onWrong,
  onAskIdeas,
  responding,
}: SuggestionBannerProps) {
  const empty = suggestion.suggestedLessons.length === 0;
  return (
    <section
      aria-labelledby="lesson-suggestion-heading"
      className="mb-4 rounded-xl border border-indigo-200 bg-indigo-50 p-3 text-indigo-950 sm:p-4"
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
                <SuggestedItem
                  key={lesson.suggestionKey}
                  lesson={lesson}
                  onWrong={onWrong}
                  responding={responding}
                />
              ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {empty ? null : (
              <Button size="sm" onClick={onApply} disabled={applying || readOnly}>
                {applying ? 'Adding…' : suggestion.action}
              </Button>
            )}
            {suggestion.generalIdeasAvailable && onAskIdeas ? (
              <Button size="sm" variant="secondary" onClick={onAskIdeas}>
                Suggest general ideas
              </Button>
            ) : null}
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
