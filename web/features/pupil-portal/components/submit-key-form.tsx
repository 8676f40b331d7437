import { checkKeyPhrase } from '@contract/field-rules';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiRequestError } from '@web/lib/api';
import { checkFields, usePlainForm } from '@web/lib/use-plain-form';
import { ArrowRight } from 'lucide-react';
import { useLocation } from 'wouter';
import { useVerifyKey } from '../api/verify-key';
import { clearErrorToast, errorToast, isTooManyAttempts, pupilMessage } from './pupil-errors';

// The server's rule (verifyKeyRequestSchema), without zod on the page: contract/field-rules.ts.
const checkKey = ({ keyPhrase }: { keyPhrase: string }) =>
  checkFields<{ keyPhrase: string }, { keyPhrase: string }>({
    keyPhrase: checkKeyPhrase(keyPhrase),
  });

/** "Submit Coursework": the classroom key opens the hand-in form for that classroom. */
export function SubmitKeyForm() {
  const [, navigate] = useLocation();
  const verify = useVerifyKey();
  const { register, handleSubmit, errors } = usePlainForm({
    defaultValues: { keyPhrase: '' },
    validate: checkKey,
  });

  const onSubmit = handleSubmit(({ keyPhrase }) => {
    verify.mutate(keyPhrase, {
      onSuccess: ({ id }) => {
        clearErrorToast();
        navigate(`/student/submit/${encodeURIComponent(id)}`);
      },
      onError: (error) => {
        if (isTooManyAttempts(error)) {
          errorToast('Too many attempts', pupilMessage(error, 'Please wait a few minutes.'));
        } else if (
          error instanceof ApiRequestError &&
          (error.status === 404 || error.status === 400)
        ) {
          errorToast(
            'Invalid classroom key',
            'The classroom key you entered is not valid. Please check and try again.',
          );
        } else {
          errorToast('Something went wrong', 'Please check your connection and try again.');
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Classroom key"
        hint="Your teacher gives you this key: four words, like brave-otter-blue-river."
        error={errors.keyPhrase}
      >
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
      <Button type="submit" className="w-full sm:w-auto" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Continue'}
        {verify.isPending ? null : <ArrowRight aria-hidden="true" />}
      </Button>
    </form>
  );
}
