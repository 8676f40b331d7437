import {
  DEFAULT_LESSON_COLOR,
  DEFAULT_TIME_SLOT,
  LESSON_COLORS,
  LESSON_DAYS,
  NO_ACTIVE_PLAN,
} from '@contract/lesson-constants';
import type { createLessonSchema, Lesson, LessonDay } from '@contract/lesson-plans';
import { lessonPeriods, periodOfSlot, periodTimeSlot } from '@contract/school-day';
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
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { usePreferences } from '@web/lib/teacher-preferences';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAddLesson, useUpdateLesson } from '../api/lessons';
import { LESSON_COLOR_STYLES } from './lesson-colors';

// The form checks exactly what the API checks (one schema), so it shows the API's messages.
type LessonFormSchema = ReturnType<typeof createLessonSchema.omit<{ suggestionKey: true }>>;
type FormInput = z.input<LessonFormSchema>;
type FormOutput = z.output<LessonFormSchema>;

const lessonResolver = lazyZodResolver<FormInput, FormOutput>(() =>
  import('@contract/lesson-plans').then((module) =>
    module.createLessonSchema.omit({ suggestionKey: true }),
  ),
);

interface LessonDialogProps {
  planId: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Given: the Edit Lesson dialog for it. Absent: Add New Lesson. */
  lesson?: Lesson;
  defaultDay?: LessonDay;
}

export function LessonDialog({
  planId,
  open,
  onOpenChange,
  lesson,
  defaultDay,
}: LessonDialogProps) {
  const add = useAddLesson(planId);
  const update = useUpdateLesson(planId ?? 0);
  const pending = add.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: lessonResolver });
  // The bell schedule from Settings: picking a period fills in its time slot.
  const { schoolDay } = usePreferences();
  const periods = lessonPeriods(schoolDay);
  const currentPeriod = periodOfSlot(schoolDay, watch('timeSlot') ?? '');
  const recurringId = useId();

  // Each opening starts from the lesson being edited, or from a new lesson's defaults.
  useEffect(() => {
    if (!open) return;
    lessonResolver.preload();
    reset(
      lesson
        ? {
            title: lesson.title,
            description: lesson.description,
            timeSlot: lesson.timeSlot,
            day: lesson.day,
            color: lesson.color,
            className: lesson.className ?? '',
            recurring: lesson.recurring,
          }
        : {
            title: '',
            description: '',
            timeSlot: DEFAULT_TIME_SLOT,
            day: defaultDay ?? 'Monday',
            color: DEFAULT_LESSON_COLOR,
            className: '',
            recurring: false,
          },
    );
  }, [open, lesson, defaultDay, reset]);

  const onSubmit = handleSubmit((values) => {
    if (planId === undefined) {
      toast({ title: 'Error', description: NO_ACTIVE_PLAN, variant: 'destructive' });
      return;
    }
    if (lesson) {
      update.mutate(
        { lessonId: lesson.id, change: values },
        {
          onSuccess: () => {
            toast({ title: 'Lesson Updated', description: `${values.title} has been updated.` });
            onOpenChange(false);
          },
          onError: (error) =>
            toast({
              title: 'Error updating lesson',
              description: errorMessage(error, 'The lesson could not be saved.'),
              variant: 'destructive',
            }),
        },
      );
      return;
    }
    add.mutate(values, {
      onSuccess: (created) => {
        toast({
          title: 'Lesson Added',
          description: `${created.title} has been added to ${created.day}.`,
        });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: 'Error adding lesson',
          description: errorMessage(error, 'The lesson could not be added.'),
          variant: 'destructive',
        }),
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{lesson ? 'Edit Lesson' : 'Add New Lesson'}</DialogTitle>
          <DialogDescription>
            {lesson ? 'Change the lesson, its day or its colour.' : 'Add a lesson to this week.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Lesson Title" error={errors.title?.message}>
            {(control) => <Input {...control} {...register('title')} />}
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            {(control) => <Textarea {...control} {...register('description')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Period" hint="From your school day in Settings">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={currentPeriod?.kind === 'lesson' ? currentPeriod.name : ''}
                  onChange={(event) => {
                    const period = periods.find((p) => p.name === event.target.value);
                    if (period)
                      setValue('timeSlot', periodTimeSlot(period), { shouldValidate: true });
                  }}
                >
                  <option value="">Another time</option>
                  {periods.map((period) => (
                    <option key={period.name} value={period.name}>
                      {period.name} ({periodTimeSlot(period)})
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              label="Time Slot"
              hint="For example 9:00 - 9:45 AM"
              error={errors.timeSlot?.message}
            >
              {(control) => <Input {...control} {...register('timeSlot')} />}
            </FormField>
          </div>
          <FormField
            label="Class"
            hint="Optional, for example 9Y1 or Year 4: suggestions go where the class is taught"
            error={errors.className?.message}
          >
            {(control) => <Input {...control} {...register('className')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Day" error={errors.day?.message}>
              {(control) => (
                <NativeSelect {...control} {...register('day')}>
                  {LESSON_DAYS.map((day) => (
                    <option key={day} value={day}>
                      {day}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Colour" error={errors.color?.message}>
              {(control) => (
                <NativeSelect {...control} {...register('color')}>
                  {LESSON_COLORS.map((color) => (
                    <option key={color} value={color}>
                      {LESSON_COLOR_STYLES[color].label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <div className="flex items-start gap-2">
            <input
              id={recurringId}
              type="checkbox"
              className="size-6 shrink-0 accent-indigo-700"
              {...register('recurring')}
            />
            <label htmlFor={recurringId} className="text-sm text-slate-800">
              Taught every week
              <span className="block text-xs text-slate-600">
                A new lesson plan starts with this lesson.
              </span>
            </label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {lesson ? (pending ? 'Saving…' : 'Save Changes') : pending ? 'Adding…' : 'Add Lesson'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
