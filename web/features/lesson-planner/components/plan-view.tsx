import type { LessonPlan } from '@contract/lesson-plans';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { usePreferences } from '@web/lib/teacher-preferences';
import { Eye, PencilLine, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { SuggestionState } from '../hooks/use-suggestion';
import { useLessonActions } from './lesson-actions';
import { LessonDialog } from './lesson-dialog';
import { PlanToolbar } from './plan-toolbar';
import { PrintWeek } from './print-week';
import { SuggestionBanner } from './suggestion-banner';
import { WeekTimeline } from './week-timeline';

interface PlanViewProps {
  plans: LessonPlan[];
  plan: LessonPlan;
  onSelectPlan: (planId: number) => void;
  suggestion: SuggestionState;
}

type Mode = 'edit' | 'view';

function ModeToggle({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const option = (value: Mode, label: string, Icon: typeof Eye) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onChange(value)}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium',
        'focus-visible:outline-2 focus-visible:outline-indigo-600',
        mode === value
          ? 'bg-white text-slate-900 shadow-sm'
          : 'text-slate-700 hover:text-slate-900',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
  return (
    <fieldset className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">Planner mode</legend>
      {option('edit', 'Edit', PencilLine)}
      {option('view', 'View', Eye)}
    </fieldset>
  );
}

/** One plan: its toolbar, the suggestion banner and the week, in Edit or View mode. */
export function PlanView({ plans, plan, onSelectPlan, suggestion }: PlanViewProps) {
  const [mode, setMode] = useState<Mode>('edit');
  const [adding, setAdding] = useState(false);
  const readOnly = mode === 'view';
  const actions = useLessonActions(plan.id);
  // Switched off in Settings, AI Features: no button that could only answer with an error.
  const { lessonSuggestions } = usePreferences();

  return (
    <>
      <PlanToolbar plans={plans} plan={plan} onSelect={onSelectPlan} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <ModeToggle mode={mode} onChange={setMode} />
        <div className="flex flex-wrap gap-2">
          {lessonSuggestions ? (
            <Button
              variant="secondary"
              onClick={suggestion.request}
              disabled={suggestion.requesting}
            >
              <Sparkles aria-hidden="true" />
              {suggestion.requesting ? 'Thinking…' : 'AI Suggestions'}
            </Button>
          ) : null}
          <Button onClick={() => setAdding(true)} disabled={readOnly}>
            <Plus aria-hidden="true" />
            Add Lesson
          </Button>
        </div>
      </div>
      {suggestion.suggestion && lessonSuggestions ? (
        <SuggestionBanner
          suggestion={suggestion.suggestion}
          applying={suggestion.applying}
          readOnly={readOnly}
          onApply={suggestion.apply}
          onDismiss={suggestion.dismiss}
          onWrong={suggestion.markWrong}
          onAskIdeas={suggestion.requestIdeas}
          responding={suggestion.responding}
        />
      ) : null}
      {readOnly ? (
        <p className="mb-3 text-sm text-slate-600">
          View mode: the week is read-only. Switch to Edit to move or change lessons.
        </p>
      ) : null}
      <WeekTimeline
        plan={plan}
        readOnly={readOnly}
        onEdit={actions.onEdit}
        onDuplicate={actions.onDuplicate}
        onDelete={actions.onDelete}
      />
      <LessonDialog planId={plan.id} open={adding} onOpenChange={setAdding} />
      {actions.dialogs}
      <PrintWeek plan={plan} />
    </>
  );
}
