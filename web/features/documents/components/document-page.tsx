import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FileQuestionMark } from 'lucide-react';
import { useLocation } from 'wouter';

/** /teacher/document/{id}: no document can be opened until pupils hand work in. */
export function DocumentPage() {
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
