import { PageHeader } from '@web/components/layout/page-header';
import { EmptyState } from '@web/components/ui/empty-state';
import { Video } from 'lucide-react';

export function ParentReportsPage() {
  return (
    <>
      <PageHeader title="Parent Reports" showSearch={false} />
      <EmptyState
        icon={Video}
        title="No parent reports yet"
        description="Reports you record for parents will appear here, as drafts or once sent."
      />
    </>
  );
}
