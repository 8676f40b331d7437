import { LESSON_DAYS } from '@contract/lesson-constants';
import type { LessonDay, LessonPlan } from '@contract/lesson-plans';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { NativeSelect } from '@web/components/ui/native-select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { CalendarPlus, Pencil, Printer, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useBumpDay, useCopyLessonPlan, useDeleteLessonPlan } from '../api/lesson-plans';
import { PlanDialog } from './plan-dialog';

interface PlanToolbarProps {
  plans: LessonPlan[];
  plan: LessonPlan;
  onSelect: (planId: number) => void;
}

/** Which plan is open (a picker when there are several) and what can be done to it. */
export function PlanToolbar({ plans, plan, onSelect }: PlanToolbarProps) {
  const pickerId = useId();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [bumping, setBumping] = useState<LessonDay | null>(null);
  const bumpId = useId();
  const copy = useCopyLessonPlan(plan.id);
  const bump = useBumpDay(plan.id);
  const remove = useDeleteLessonPlan();

  const copyToNextWeek = () =>
    copy.mutate(undefined, {
      onSuccess: (created) => {
        onSelect(created.id);
        toast({
          title: 'Lesson Plan Copied',
          description: `${created.title} (${created.dateRange}) is ready with ${created.lessons.length} lessons.`,
        });
      },
      onError: (error) =>
        toast({
          title: 'Error copying lesson plan',
          description: errorMessage(error, 'The plan could not be copied.'),
          variant: 'destructive',
        }),
    });

  const confirmDelete = () =>
    remove.mutate(plan.id, {
      onSuccess: () =>
        toast({ title: 'Lesson Plan Deleted', description: `${plan.title} has been deleted.` }),
      onError: (error) =>
        toast({
          title: 'Error deleting lesson plan',
          description: errorMessage(error, 'The plan could not be deleted.'),
          variant: 'destructive',
        }),
    });

  const confirmBump = () => {
    const day = bumping;
    if (!day) return;
    bump.mutate(day, {
      onSuccess: ({ nextPlan }) =>
        toast({
          title: 'Lessons Bumped',
          description: nextPlan
            ? `${day}’s lessons and the days after moved on a day; Friday’s are on Monday of ${nextPlan.title} (${nextPlan.dateRange}).`
            : `${day}’s lessons and the days after moved on a day.`,
        }),
      onError: (error) =>
        toast({
          title: 'Error bumping lessons',
          description: errorMessage(error, 'The lessons could not be moved.'),
          variant: 'destructive',
        }),
    });
  };

  const count = plan.lessons.length;
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        {plans.length > 1 ? (
          <div className="w-full max-w-sm space-y-1">
            <label htmlFor={pickerId} className="block text-sm font-medium text-slate-800">
              Lesson plan
            </label>
            <NativeSelect
              id={pickerId}
              value={String(plan.id)}
              onChange={(event) => onSelect(Number(event.target.value))}
            >
              {plans.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title} ({option.dateRange})
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : (
          <>
            <p className="text-lg font-semibold break-words text-slate-900">{plan.title}</p>
            <p className="text-sm text-slate-600">{plan.dateRange}</p>
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setRenaming(true)}>
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        <Button variant="outline" size="sm" onClick={copyToNextWeek} disabled={copy.isPending}>
          <CalendarPlus aria-hidden="true" />
          {copy.isPending ? 'Copying…' : 'Copy to next week'}
        </Button>
        <label htmlFor={bumpId} className="sr-only">
          Bump a day’s lessons on by one day
        </label>
        <select
          id={bumpId}
          value=""
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm font-medium text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:bg-slate-100"
          disabled={bump.isPending}
          onChange={(event) => {
            if (event.target.value) setBumping(event.target.value as LessonDay);
          }}
        >
          <option value="">{bump.isPending ? 'Bumping…' : 'Bump a day…'}</option>
          {LESSON_DAYS.map((day) => (
            <option key={day} value={day}>
              Bump {day}
            </option>
          ))}
        </select>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
        <Button variant="outline" size="sm" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" />
          Delete plan
        </Button>
      </div>
      <PlanDialog open={renaming} onOpenChange={setRenaming} plan={plan} />
      <ConfirmDialog
        open={bumping !== null}
        onOpenChange={(open) => {
          if (!open) setBumping(null);
        }}
        title={`Bump ${bumping ?? 'the day'}’s lessons?`}
        description={`${bumping ?? 'That day'}’s lessons and every later day’s move on one day. Friday’s lessons go to Monday of next week’s plan (made if there is none).`}
        confirmLabel="Bump Lessons"
        onConfirm={confirmBump}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${plan.title}?`}
        description={`The plan for ${plan.dateRange} and its ${count === 1 ? 'lesson' : `${count} lessons`} will be deleted. This cannot be undone.`}
        confirmLabel="Delete Plan"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
