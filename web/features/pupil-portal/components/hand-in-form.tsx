import { MAX_UPLOAD_MB, YEAR_GROUPS } from '@contract/field-rules';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Progress } from '@web/components/ui/progress';
import { usePlainForm } from '@web/lib/use-plain-form';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useHandIn } from '../api/submit-assignment';
import { FilePicker } from './file-picker';
import { checkHandIn, type HandInParsed, type HandInValues } from './hand-in-schema';
import { clearErrorToast, errorToast, pupilMessage } from './pupil-errors';
import { SurnameInitialsInput } from './surname-initials-input';

export interface HandedIn {
  title: string;
  firstName: string;
  surnameInitials: string;
  yearGroup: HandInParsed['yearGroup'];
  /** The pupil's personal code, given only after their first hand-in. */
  pupilCode?: string | null;
}

interface HandInFormProps {
  classroomKeyId: string;
  /** Name and year carried over when the same pupil hands in another piece. */
  defaults?: Partial<HandedIn>;
  onHandedIn: (result: HandedIn) => void;
}

const UPLOAD_FAILED = 'There was a problem uploading your file. Please try again.';
const SUBMIT_FAILED = 'There was a problem submitting your assignment. Please try again.';

export function HandInForm({ classroomKeyId, defaults, onHandedIn }: HandInFormProps) {
  const handIn = useHandIn();
  const [progress, setProgress] = useState(0);
  const { register, fieldRef, values, setValue, handleSubmit, errors } = usePlainForm<
    HandInValues,
    HandInParsed
  >({
    defaultValues: {
      title: '',
      firstName: defaults?.firstName ?? '',
      surnameInitials: defaults?.surnameInitials ?? '',
      yearGroup: defaults?.yearGroup ?? '',
      file: undefined,
    },
    validate: checkHandIn,
  });

  const onSubmit = handleSubmit(({ file, ...details }) => {
    setProgress(0);
    handIn.mutate(
      { file, details: { ...details, classroomKeyId }, onProgress: setProgress },
      {
        onSuccess: (result) => {
          clearErrorToast();
          onHandedIn({ ...details, title: result.title, pupilCode: result.pupilCode });
        },
        onError: (error) => {
          if (error.step === 'upload')
            errorToast('Upload failed', pupilMessage(error.cause, UPLOAD_FAILED));
          else errorToast('Submission failed', pupilMessage(error.cause, SUBMIT_FAILED));
        },
      },
    );
  });

  const busy = handIn.isPending;
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={busy} className="space-y-5">
        <legend className="sr-only">Your work</legend>
        <FormField label="Assignment title" error={errors.title}>
          {(field) => <Input autoComplete="off" {...field} {...register('title')} />}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-[1fr_auto]">
          <FormField label="First name" error={errors.firstName}>
            {(field) => <Input autoComplete="given-name" {...field} {...register('firstName')} />}
          </FormField>
          <FormField
            label="Surname initials"
            hint="First 2 letters, e.g. SM"
            error={errors.surnameInitials}
          >
            {(field) => <SurnameInitialsInput {...field} {...register('surnameInitials')} />}
          </FormField>
        </div>
        <FormField label="Year group" error={errors.yearGroup}>
          {(field) => (
            <NativeSelect {...field} {...register('yearGroup')}>
              <option value="">Choose your year group</option>
              {YEAR_GROUPS.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label="File"
          hint={`PDF, Word or a photo (JPG, PNG), up to ${MAX_UPLOAD_MB} MB`}
          error={errors.file}
        >
          {(field) => (
            <FilePicker
              ref={fieldRef('file')}
              {...field}
              file={values.file}
              onFile={(file) => setValue('file', file)}
              disabled={busy}
            />
          )}
        </FormField>

        {busy ? (
          <div className="space-y-2" aria-live="polite">
            <p className="text-sm font-medium text-slate-800">
              {progress < 1 ? `Uploading your file… ${Math.round(progress * 100)}%` : 'Handing in…'}
            </p>
            <Progress value={progress} label="Upload progress" />
          </div>
        ) : null}

        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {busy ? 'Handing in…' : 'Hand in work'}
        </Button>
      </fieldset>
    </form>
  );
}
