import type { createLessonPlanSchema, LessonPlan } from '@contract/lesson-plans';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateLessonPlan, useRenameLessonPlan } from '../api/lesson-plans';

type FormInput = z.input<typeof createLessonPlanSchema>;
type FormOutput = z.output<typeof createLessonPlanSchema>;

const planResolver = lazyZodResolver<FormInput, FormOutput>(() =>
  import('@contract/lesson-plans').then((module) => module.createLessonPlanSchema),
);

interface PlanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Given: rename it. Absent: Create New Lesson Plan. */
  plan?: LessonPlan;
  onSaved?: (plan: LessonPlan) => void;
}

export function PlanDialog({ open, onOpenChange, plan, onSaved }: PlanDialogProps) {
  const create = useCreateLessonPlan();
  const rename = useRenameLessonPlan(plan?.id ?? 0);
  const pending = create.isPending || rename.isPending;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: planResolver });

  useEffect(() => {
    if (!open) return;
    planResolver.preload();
    reset({ title: plan?.title ?? '', dateRange: plan?.dateRange ?? '' });
  }, [open, plan, reset]);

  const onError = (error: unknown) =>
    toast({
      title: plan ? 'Error renaming lesson plan' : 'Error creating lesson plan',
      description: errorMessage(error, 'The lesson plan could not be saved.'),
      variant: 'destructive',
    });

  const onSubmit = handleSubmit((values) => {
    const done = (saved: LessonPlan, title: string) => {
      toast({ title, description: `${saved.title} (${saved.dateRange})` });
      onSaved?.(saved);
      onOpenChange(false);
    };
    if (plan) {
      rename.mutate(values, { onSuccess: (saved) => done(saved, 'Lesson Plan Renamed'), onError });
    } else {
      create.mutate(values, { onSuccess: (saved) => done(saved, 'Lesson Plan Created'), onError });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{plan ? 'Rename Lesson Plan' : 'Create New Lesson Plan'}</DialogTitle>
          <DialogDescription>
            {plan ? 'Change the plan’s title or its dates.' : 'A plan holds one week of lessons.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Title" error={errors.title?.message}>
            {(control) => <Input {...control} {...register('title')} />}
          </FormField>
          <FormField
            label="Date Range"
            hint="For example 6 - 10 January 2027"
            error={errors.dateRange?.message}
          >
            {(control) => <Input {...control} {...register('dateRange')} />}
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : plan ? 'Save Changes' : 'Create Plan'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
