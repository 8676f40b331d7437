import {
  checkClassroomKeyId,
  checkFirstName,
  checkPupilCode,
  checkSurnameInitials,
} from '@contract/field-rules';
import type { MyAssignmentsRequest } from '@contract/pupil-portal';
import { PupilLayout } from '@web/components/layout/pupil-layout';
import { Alert } from '@web/components/ui/alert';
import { buttonClasses } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePageMeta } from '@web/lib/use-page-meta';
import { checkFields } from '@web/lib/use-plain-form';
import { ArrowLeft, FileSearch, LoaderCircle, Upload } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { useMyAssignments } from '../api/my-assignments';
import { pupilCodeFromHistory } from '../marked-work-path';
import { AssignmentCard } from './assignment-card';
import { isTooManyAttempts, pupilMessage } from './pupil-errors';

const LOAD_FAILED = 'Could not load your assignments. Please check your details and try again.';

/** /student/feedback/{keyId}?firstName=..&surnameInitials=..: the pupil's handed-in work. */
export function MarkedWorkPage({ params }: { params: { keyId: string } }) {
  usePageMeta({ title: 'Your marked work' });
  const search = useSearch();
  const request = useMemo(() => {
    const query = new URLSearchParams(search);
    // The server's rules (myAssignmentsRequestSchema) without zod on the page.
    const parsed = checkFields<unknown, MyAssignmentsRequest>({
      firstName: checkFirstName(query.get('firstName') ?? ''),
      surnameInitials: checkSurnameInitials(query.get('surnameInitials') ?? ''),
      classroomKeyId: checkClassroomKeyId(params.keyId),
      pupilCode: checkPupilCode(pupilCodeFromHistory()),
    });
    return 'values' in parsed ? parsed.values : null;
  }, [search, params.keyId]);
  const assignments = useMyAssignments(request);
  const handInHref = `/student/submit/${encodeURIComponent(params.keyId)}`;

  const backLink = (
    <Link href="/student?tab=view" className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      Back to the Student Portal
    </Link>
  );

  let body: ReactNode;
  if (!request || assignments.isError) {
    body = (
      <div className="space-y-4">
        <Alert tone="error">
          {isTooManyAttempts(assignments.error)
            ? pupilMessage(assignments.error, LOAD_FAILED)
            : LOAD_FAILED}
        </Alert>
        {backLink}
      </div>
    );
  } else if (assignments.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Loading your work…
      </p>
    );
  } else if (assignments.data.length === 0) {
    body = (
      <EmptyState
        icon={FileSearch}
        title="No work found"
        description={`We couldn't find any work handed in by ${request.firstName} ${request.surnameInitials} with this classroom key. Check that your name and surname letters match what you typed when you handed it in${request.pupilCode ? ', and that your personal code is right' : ''}.`}
        actions={
          <>
            {backLink}
            <Link href={handInHref} className={buttonClasses()}>
              <Upload aria-hidden="true" />
              Hand in work
            </Link>
          </>
        }
      />
    );
  } else {
    body = (
      <ul className="space-y-4" aria-label="Your assignments">
        {assignments.data.map((assignment) => (
          <li key={assignment.id}>
            <AssignmentCard assignment={assignment} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PupilLayout>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Your marked work
          </h1>
          {request ? (
            <p className="mt-1.5 text-base text-slate-700">
              Work handed in by {request.firstName} {request.surnameInitials}
            </p>
          ) : null}
        </div>
        {request && assignments.data?.length ? (
          <Link href={handInHref} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Upload aria-hidden="true" />
            Hand in more work
          </Link>
        ) : null}
      </div>
      {body}
    </PupilLayout>
  );
}
