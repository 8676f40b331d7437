import type { RegisterRequest } from '@contract/auth';
import { AuthLayout } from '@web/components/layout/auth-layout';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { markFirstTimeIfNew } from '@web/lib/auth';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useDelayedNavigate } from '@web/lib/use-delayed-navigate';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useRegister } from '../api/register';

// 3 s to read the "check your inbox" message, 1 s when the account is ready at once.
const REDIRECT_TO_LOGIN_MS = 3000;
const REDIRECT_TO_DASHBOARD_MS = 1000;

const registerResolver = lazyZodResolver<RegisterRequest, RegisterRequest>(() =>
  import('@contract/auth').then((module) => module.registerRequestSchema),
);

export function RegisterPage() {
  const registration = useRegister();
  const navigateLater = useDelayedNavigate();
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterRequest>({
    resolver: registerResolver,
    defaultValues: { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  useEffect(() => registerResolver.preload(), []);

  const onSubmit = handleSubmit((values) => {
    registration.mutate(
      { ...values, profileImageUrl: null },
      {
        onSuccess: (response) => {
          if (response.requiresVerification) {
            setDone(response.message);
            navigateLater('/login', REDIRECT_TO_LOGIN_MS);
          } else {
            // Signed in straight away: a brand-new account gets the first-time welcome.
            markFirstTimeIfNew({ createdAt: new Date().toISOString() });
            setDone(response.message || 'Your account is ready! Taking you to your dashboard…');
            navigateLater('/teacher', REDIRECT_TO_DASHBOARD_MS);
          }
        },
      },
    );
  });

  return (
    <AuthLayout
      title="Create your account"
      description="Set up Classroom Voice for your classroom in a minute."
      footer={
        <>
          Already have an account?{' '}
          <Link href="/login" className="font-medium text-indigo-700 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      {registration.isError ? (
        <Alert tone="error" className="mb-4">
          {errorMessage(registration.error, 'Registration failed')}
        </Alert>
      ) : null}
      {done ? (
        <Alert tone="success" className="mb-4">
          {done}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <Input type="email" autoComplete="email" {...field} {...register('email')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName?.message}>
            {(field) => <Input autoComplete="given-name" {...field} {...register('firstName')} />}
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            {(field) => <Input autoComplete="family-name" {...field} {...register('lastName')} />}
          </FormField>
        </div>
        <FormField label="Password" hint="At least 6 characters." error={errors.password?.message}>
          {(field) => (
            <Input
              type="password"
              autoComplete="new-password"
              {...field}
              {...register('password')}
            />
          )}
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          {(field) => (
            <Input
              type="password"
              autoComplete="new-password"
              {...field}
              {...register('confirmPassword')}
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={registration.isPending || done !== null}>
          {registration.isPending ? 'Creating account…' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
