import { type ClassroomKey, verifyKeyRequestSchema } from '@contract/classroom';
import { myAssignmentsRequestSchema } from '@contract/pupil-portal';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { apiFetch } from '@web/lib/api';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { useVerifyKey } from '../api/verify-key';
import { markedWorkPath } from '../marked-work-path';
import { clearErrorToast, errorToast, isTooManyAttempts, pupilMessage } from './pupil-errors';
import { SurnameInitialsInput } from './surname-initials-input';

// The same rules the server applies to each field, gathered into this one form.
const viewWorkSchema = z.object({
  keyPhrase: verifyKeyRequestSchema.shape.keyPhrase,
  firstName: myAssignmentsRequestSchema.shape.firstName,
  surnameInitials: myAssignmentsRequestSchema.shape.surnameInitials,
  pupilCode: z.string().max(20).optional(),
});
type ViewWorkInput = z.input<typeof viewWorkSchema>;
type ViewWorkOutput = z.output<typeof viewWorkSchema>;

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
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ViewWorkInput, unknown, ViewWorkOutput>({
    resolver: zodResolver(viewWorkSchema),
    defaultValues: { keyPhrase: '', firstName: '', surnameInitials: '', pupilCode: '' },
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
          setError('pupilCode', { message: CODE_NEEDED });
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
      <FormField label="Classroom key" error={errors.keyPhrase?.message}>
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
      <FormField label="First name" error={errors.firstName?.message}>
        {(field) => <Input autoComplete="given-name" {...field} {...register('firstName')} />}
      </FormField>
      <FormField
        label="First two letters of your surname"
        hint="For Smith, type SM."
        error={errors.surnameInitials?.message}
      >
        {(field) => <SurnameInitialsInput {...field} {...register('surnameInitials')} />}
      </FormField>
      {askCode ? (
        <FormField
          label="Your personal code"
          hint="The 6 letters and numbers you were given after your first hand-in."
          error={errors.pupilCode?.message}
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
