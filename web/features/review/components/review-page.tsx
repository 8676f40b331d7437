import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { CircleAlert, FileQuestionMark } from 'lucide-react';
import { useLocation, useParams, useSearch } from 'wouter';
import { useReviewDocument } from '../api/document';
import { ReviewWorkspace } from './review-workspace';

function DocumentNotFound() {
  const [, navigate] = useLocation();
  return (
    <>
      <PageHeader title="Document" showSearch={false} />
      <EmptyState
        icon={FileQuestionMark}
        title="Document Not Found"
        description="This document doesn't exist or you don't have access to it."
        actions={<Button onClick={() => navigate('/teacher/documents')}>Go to Documents</Button>}
      />
    </>
  );
}

/** /teacher/document/{id}: one pupil's document, its text and the teacher's feedback. */
export function ReviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const search = useSearch();
  const document = useReviewDocument(id);

  if (document.isPending) {
    return (
      <p role="status" className="py-16 text-center text-sm text-slate-600">
        Loading document…
      </p>
    );
  }
  if (document.isError) {
    // A malformed id is answered 400 by the server: to the teacher it is just not there.
    const status = document.error.status;
    if (status === 404 || status === 400) return <DocumentNotFound />;
    return (
      <>
        <PageHeader title="Document" showSearch={false} />
        <EmptyState
          icon={CircleAlert}
          title="The document could not be loaded"
          description="Check your connection and try again."
          actions={<Button onClick={() => document.refetch()}>Try Again</Button>}
        />
      </>
    );
  }
  return (
    <ReviewWorkspace
      key={document.data.id}
      doc={document.data}
      openShareOnLoad={new URLSearchParams(search).get('share') === '1'}
    />
  );
}
