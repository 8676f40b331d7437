import { Button, buttonClasses } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ArrowRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useLessonPlan, useLessonPlans } from '../api/lesson-plans';
import { LessonDialog } from './lesson-dialog';
import { WeekTimeline } from './week-timeline';

/**
 * The dashboard's planner: the first plan's week, compact, with add and move.
 * Editing, duplicating and suggestions live on the full planner.
 */
export function EmbeddedPlanner() {
  const plans = useLessonPlans();
  const planId = plans.data?.[0]?.id;
  const plan = useLessonPlan(planId);
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby="embedded-planner-heading" className="mb-8">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle id="embedded-planner-heading">Lesson Planner</CardTitle>
            <CardDescription>
              {plan.data
                ? `${plan.data.title} · ${plan.data.dateRange}`
                : plans.isPending
                  ? 'Loading your week…'
                  : 'No lesson plan yet.'}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {plan.data ? (
              <Button size="sm" onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add Lesson
              </Button>
            ) : null}
            <Link
              href="/teacher/lesson-planner"
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Open Full Planner
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        </CardHeader>
        <CardContent>
          {plan.data ? (
            <WeekTimeline plan={plan.data} readOnly={false} compact />
          ) : plans.isPending || (planId !== undefined && plan.isPending) ? (
            <div className="h-32 animate-pulse rounded-xl bg-slate-100" />
          ) : (
            <p className="text-sm text-slate-600">
              Create a plan in the full planner to see your week here.
            </p>
          )}
        </CardContent>
        {plan.data ? (
          <LessonDialog planId={plan.data.id} open={adding} onOpenChange={setAdding} />
        ) : null}
      </Card>
    </section>
  );
}
