import type { ClassroomKey } from '@contract/classroom';
import {
  checkFirstName,
  checkKeyPhrase,
  checkPupilCode,
  checkSurnameInitials,
  isFieldError,
} from '@contract/field-rules';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { apiFetch } from '@web/lib/api';
import { checkFields, usePlainForm } from '@web/lib/use-plain-form';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useVerifyKey } from '../api/verify-key';
import { markedWorkPath } from '../marked-work-path';
import { clearErrorToast, errorToast, isTooManyAttempts, pupilMessage } from './pupil-errors';
import { SurnameInitialsInput } from './surname-initials-input';

type ViewWorkValues = {
  keyPhrase: string;
  firstName: string;
  surnameInitials: string;
  pupilCode: string;
};

// The same rules the server applies to each field (verifyKeyRequestSchema and
// myAssignmentsRequestSchema), gathered into this one form without zod on the page.
function checkViewWork(values: ViewWorkValues) {
  const code = checkPupilCode(values.pupilCode);
  return checkFields<ViewWorkValues, ViewWorkValues>({
    keyPhrase: checkKeyPhrase(values.keyPhrase),
    firstName: checkFirstName(values.firstName),
    surnameInitials: checkSurnameInitials(values.surnameInitials),
    // Kept as typed: it travels in the page's history state and the server cleans it.
    pupilCode: isFieldError(code) ? code : { value: values.pupilCode },
  });
}

const LOOKUP_FAILED =
  'The classroom key is invalid or there was a problem accessing your assignments.';

const CODE_NEEDED = 'Your teacher asks for your personal code as well.';

/**
 * "View Marked Work": the key plus the pupil's name finds the work they handed in. When
 * the teacher turned on marked-work protection, the personal code field appears once
 * the key is known.
 */
export function ViewWorkForm() {
  const [, navigate] = useLocation();
  const verify = useVerifyKey();
  const [askCode, setAskCode] = useState(false);
  const { register, handleSubmit, setError, setFocus, errors } = usePlainForm({
    defaultValues: { keyPhrase: '', firstName: '', surnameInitials: '', pupilCode: '' },
    validate: checkViewWork,
  });

  useEffect(() => {
    if (askCode) setFocus('pupilCode');
  }, [askCode, setFocus]);

  const onSubmit = handleSubmit(({ keyPhrase, firstName, surnameInitials, pupilCode }) => {
    verify.mutate(keyPhrase, {
      onSuccess: async ({ id }) => {
        clearErrorToast();
        const classroom = await apiFetch<ClassroomKey>(
          `/api/classroom-keys/${encodeURIComponent(id)}`,
        ).catch(() => null);
        const code = pupilCode?.trim();
        if (classroom?.asksPupilCode && !code) {
          setAskCode(true);
          setError('pupilCode', CODE_NEEDED);
          return;
        }
        navigate(markedWorkPath(id, firstName, surnameInitials), {
          state: code ? { pupilCode: code } : undefined,
        });
      },
      onError: (error) =>
        errorToast(
          'Error',
          isTooManyAttempts(error) ? pupilMessage(error, LOOKUP_FAILED) : LOOKUP_FAILED,
        ),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label="Classroom key" error={errors.keyPhrase}>
        {(field) => (
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...field}
            {...register('keyPhrase')}
          />
        )}
      </FormField>
      <FormField label="First name" error={errors.firstName}>
        {(field) => <Input autoComplete="given-name" {...field} {...register('firstName')} />}
      </FormField>
      <FormField
        label="First two letters of your surname"
        hint="For Smith, type SM."
        error={errors.surnameInitials}
      >
        {(field) => <SurnameInitialsInput {...field} {...register('surnameInitials')} />}
      </FormField>
      {askCode ? (
        <FormField
          label="Your personal code"
          hint="The 6 letters and numbers you were given after your first hand-in."
          error={errors.pupilCode}
        >
          {(field) => (
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              className="font-mono uppercase"
              {...field}
              {...register('pupilCode')}
            />
          )}
        </FormField>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto" disabled={verify.isPending}>
        {verify.isPending ? null : <Search aria-hidden="true" />}
        {verify.isPending ? 'Looking…' : 'View my work'}
      </Button>
    </form>
  );
}
