import { PupilLayout } from '@web/components/layout/pupil-layout';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { ApiRequestError } from '@web/lib/api';
import { usePageMeta } from '@web/lib/use-page-meta';
import { ArrowLeft, LoaderCircle, School } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useClassroomKey } from '../api/classroom-key';
import { markedWorkPath } from '../marked-work-path';
import { type HandedIn, HandInForm } from './hand-in-form';
import { HandInSuccess } from './hand-in-success';

/** /student/submit/{keyId}: the hand-in form for one classroom. */
export function SubmitPage({ params }: { params: { keyId: string } }) {
  const { keyId } = params;
  usePageMeta({ title: 'Hand in your work' });
  const [, navigate] = useLocation();
  const classroom = useClassroomKey(keyId);
  const [handedIn, setHandedIn] = useState<HandedIn | null>(null);
  const [lastPupil, setLastPupil] = useState<HandedIn | null>(null);
  // Bumped to give "hand in another" a fresh form that still knows the pupil's name.
  const [formKey, setFormKey] = useState(0);

  // Only the server saying "no such key" sends the pupil back; a dropped connection does not.
  const invalid =
    classroom.error instanceof ApiRequestError &&
    classroom.error.status >= 400 &&
    classroom.error.status < 500;
  useEffect(() => {
    if (!invalid) return;
    toast({
      title: 'Invalid classroom key',
      description: 'Please return to the portal and enter a valid key.',
      variant: 'destructive',
    });
    navigate('/student', { replace: true });
  }, [invalid, navigate]);

  return (
    <PupilLayout>
      <Link
        href="/student"
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the Student Portal
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Hand in your work
      </h1>
      {classroom.isError && !invalid ? (
        <div className="mt-4 space-y-3">
          <Alert tone="error">
            We couldn&apos;t check your classroom key. Please check your connection and try again.
          </Alert>
          <Button variant="outline" onClick={() => classroom.refetch()}>
            Try again
          </Button>
        </div>
      ) : classroom.data ? (
        <p className="mt-2 mb-6 inline-flex items-center gap-2 rounded-full bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset">
          <School className="size-4" aria-hidden="true" />
          Handing in to {classroom.data.name}
        </p>
      ) : (
        <p
          className="mt-2 mb-6 inline-flex items-center gap-2 text-sm text-slate-600"
          role="status"
        >
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Checking your classroom key…
        </p>
      )}

      {!classroom.data ? null : handedIn ? (
        <HandInSuccess
          result={handedIn}
          markedWorkHref={markedWorkPath(keyId, handedIn.firstName, handedIn.surnameInitials)}
          onHandInAnother={() => {
            setFormKey((key) => key + 1);
            setHandedIn(null);
          }}
        />
      ) : (
        <Card className="p-5 sm:p-6">
          <HandInForm
            key={formKey}
            classroomKeyId={keyId}
            defaults={lastPupil ?? undefined}
            onHandedIn={(result) => {
              setLastPupil(result);
              setHandedIn(result);
            }}
          />
        </Card>
      )}
    </PupilLayout>
  );
}
