import { verifyKeyRequestSchema } from '@contract/classroom';
import { myAssignmentsRequestSchema } from '@contract/pupil-portal';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Search } from 'lucide-react';
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
});
type ViewWorkInput = z.input<typeof viewWorkSchema>;
type ViewWorkOutput = z.output<typeof viewWorkSchema>;

const LOOKUP_FAILED =
  'The classroom key is invalid or there was a problem accessing your assignments.';

/** "View Marked Work": the key plus the pupil's name finds the work they handed in. */
export function ViewWorkForm() {
  const [, navigate] = useLocation();
  const verify = useVerifyKey();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ViewWorkInput, unknown, ViewWorkOutput>({
    resolver: zodResolver(viewWorkSchema),
    defaultValues: { keyPhrase: '', firstName: '', surnameInitials: '' },
  });

  const onSubmit = handleSubmit(({ keyPhrase, firstName, surnameInitials }) => {
    verify.mutate(keyPhrase, {
      onSuccess: ({ id }) => {
        clearErrorToast();
        navigate(markedWorkPath(id, firstName, surnameInitials));
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
      <Button type="submit" className="w-full sm:w-auto" disabled={verify.isPending}>
        {verify.isPending ? null : <Search aria-hidden="true" />}
        {verify.isPending ? 'Looking…' : 'View my work'}
      </Button>
    </form>
  );
}
