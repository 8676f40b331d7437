import { YEAR_GROUPS } from '@contract/field-rules';
import { GRADES, gradeLabel } from '@contract/grades';
import type { SchoolYear } from '@contract/settings-defaults';
import type { Student, StudentInput } from '@contract/students';
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
import { usePreferences } from '@web/lib/teacher-preferences';
import { type FormEvent, useEffect, useState } from 'react';
import { useSaveStudent } from '../api/students';
import { failureToast } from './failure-toast';

type Values = Record<keyof StudentInput, string>;
type Errors = Partial<Record<keyof StudentInput, string>>;

const EMPTY: Values = {
  name: '',
  surname: '',
  grade: '',
  yearGroup: '',
  email: '',
  notes: '',
  parentName: '',
  parentEmail: '',
};

function valuesOf(student: Student | null): Values {
  if (!student) return EMPTY;
  return {
    name: student.name,
    surname: student.surname ?? '',
    grade: student.grade ?? '',
    yearGroup: student.yearGroup ?? '',
    email: student.email ?? '',
    notes: student.notes ?? '',
    parentName: student.parentName ?? '',
    parentEmail: student.parentEmail ?? '',
  };
}

interface StudentFormDialogProps {
  open: boolean;
  /** The pupil being edited (Edit Pupil), or null to add one (Add Student). */
  student: Student | null;
  onClose: () => void;
}

/**
 * Add Student and Edit Pupil: the name and the school's year field (a grade or a year group,
 * Settings > General) required, the rest optional. The other year field is not shown; a
 * value a record already has in it is sent back as it was.
 */
// The server's own rules, loaded with zod when the dialog opens rather than with the page
// (decision 0031); the browser keeps the module, so later openings cost nothing.
const loadStudentSchema = (schoolYear: SchoolYear) =>
  import('@contract/students').then((module) => module.studentInputSchemaFor(schoolYear));

export function StudentFormDialog({ open, student, onClose }: StudentFormDialogProps) {
  const save = useSaveStudent();
  const { schoolYear } = usePreferences();
  const byYearGroup = schoolYear === 'yearGroup';
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const editing = student !== null;
  const yearWord = byYearGroup ? 'year group' : 'grade';

  useEffect(() => {
    if (open) {
      loadStudentSchema(schoolYear).catch(() => {});
      setValues(valuesOf(student));
      setErrors({});
    }
  }, [open, student, schoolYear]);

  const set = (field: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...values,
      yearGroup: values.yearGroup || null,
      ...(byYearGroup ? { grade: values.grade || null } : {}),
    };
    let schema: Awaited<ReturnType<typeof loadStudentSchema>>;
    try {
      schema = await loadStudentSchema(schoolYear);
    } catch (error) {
      failureToast(editing ? 'Error updating student' : 'Error adding student', error);
      return;
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof StudentInput;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: student?.id, input: input as StudentInput },
      {
        onSuccess: (saved) => {
          toast({
            title: editing ? 'Student updated' : 'Student added',
            description: editing
              ? `${saved.displayName}'s details have been saved.`
              : `${saved.displayName} has been added to your students.`,
          });
          onClose();
        },
        onError: (error) =>
          failureToast(editing ? 'Error updating student' : 'Error adding student', error),
      },
    );
  };

  const text = (
    field: keyof Values,
    label: string,
    options: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <FormField label={label} error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          aria-required={options.required || undefined}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Pupil' : 'Add Student'}</DialogTitle>
          <DialogDescription>
            {editing
              ? `Complete or correct this pupil’s details. Name and ${yearWord} are required.`
              : `Add a pupil to your directory. Name and ${yearWord} are required.`}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Name *', { required: true })}
          {text('surname', 'Surname')}
          {byYearGroup ? (
            <FormField label="Year Group *" error={errors.yearGroup}>
              {(control) => (
                <NativeSelect
                  {...control}
                  aria-required
                  value={values.yearGroup}
                  onChange={(event) => set('yearGroup')(event.target.value)}
                >
                  <option value="">Select a year group</option>
                  {YEAR_GROUPS.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : (
            <FormField label="Grade *" error={errors.grade}>
              {(control) => (
                <NativeSelect
                  {...control}
                  aria-required
                  value={values.grade}
                  onChange={(event) => set('grade')(event.target.value)}
                >
                  <option value="">Select a grade</option>
                  {GRADES.map((grade) => (
                    <option key={grade} value={grade}>
                      {gradeLabel(grade)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
          <div className="sm:col-span-2">{text('email', 'Email', { type: 'email' })}</div>
          {text('parentName', 'Parent Name')}
          {text('parentEmail', 'Parent Email', { type: 'email' })}
          <div className="sm:col-span-2">
            <FormField label="Notes" error={errors.notes}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  value={values.notes}
                  onChange={(event) => set('notes')(event.target.value)}
                />
              )}
            </FormField>
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : editing ? 'Save Changes' : 'Add Student'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
