import { PageHeader } from '@web/components/layout/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { errorMessage } from '@web/lib/api';
import { usePreferences } from '@web/lib/teacher-preferences';
import { CalendarDays, Plus, Sparkles } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearch } from 'wouter';
import { useLessonPlan, useLessonPlans } from '../api/lesson-plans';
import { useSuggestion } from '../hooks/use-suggestion';
import { PlanDialog } from './plan-dialog';
import { PlanView } from './plan-view';

function PlannerSkeleton() {
  return (
    <div aria-busy="true" className="animate-pulse">
      <p className="sr-only" role="status">
        Loading lesson plans…
      </p>
      <div className="mb-4 h-10 w-72 rounded-lg bg-slate-200" />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-5">
        {['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => (
          <div key={day} className="h-64 rounded-xl bg-slate-200" />
        ))}
      </div>
    </div>
  );
}

export function LessonPlannerPage() {
  const plans = useLessonPlans();
  const search = useSearch();
  // ?plan={id} (the dashboard's Edit on a plan) opens that plan instead of the first.
  const [chosenId, setChosenId] = useState<number | undefined>(() => {
    const requested = Number(new URLSearchParams(search).get('plan'));
    return Number.isSafeInteger(requested) && requested > 0 ? requested : undefined;
  });
  const [creating, setCreating] = useState(false);
  // The chosen plan while it exists, else the first.
  const activeId = plans.data?.some((plan) => plan.id === chosenId)
    ? chosenId
    : plans.data?.[0]?.id;
  const plan = useLessonPlan(activeId);
  const suggestion = useSuggestion(activeId);
  // Switched off in Settings, AI Features (the server refuses the request too).
  const { lessonSuggestions } = usePreferences();

  let body: ReactNode;
  if (plans.isPending || (activeId !== undefined && plan.isPending)) {
    body = <PlannerSkeleton />;
  } else if (plans.isError || plan.isError) {
    body = (
      <Alert tone="error">
        {errorMessage(plans.error ?? plan.error, 'The lesson plans could not be loaded.')}
      </Alert>
    );
  } else if (!plan.data || !plans.data?.length) {
    body = (
      <EmptyState
        icon={CalendarDays}
        title="Create Your First Lesson Plan"
        description="A plan is one week of lessons, Monday to Friday. Drag lessons between days, print the week, and ask for suggestions drawn from your marking."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create Lesson Plan
          </Button>
        }
      />
    );
  } else {
    body = (
      <PlanView
        plans={plans.data}
        plan={plan.data}
        onSelectPlan={setChosenId}
        suggestion={suggestion}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Lesson Planner"
        subtitle="Create and organize your upcoming lessons"
        actions={
          <>
            {lessonSuggestions ? (
              <Button
                variant="secondary"
                onClick={suggestion.request}
                disabled={suggestion.requesting}
              >
                <Sparkles aria-hidden="true" />
                AI Assist
              </Button>
            ) : null}
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create New Plan
            </Button>
          </>
        }
      />
      {body}
      <PlanDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(created) => setChosenId(created.id)}
      />
    </>
  );
}
