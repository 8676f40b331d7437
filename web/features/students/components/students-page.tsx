import { PageHeader } from '@web/components/layout/page-header';
import { EmptyState } from '@web/components/ui/empty-state';
import { Users } from 'lucide-react';

export function StudentsPage() {
  return (
    <>
      <PageHeader title="Students" />
      <EmptyState
        icon={Users}
        title="No students yet"
        description="Pupils in your directory will appear here with their year group and parent contact."
      />
    </>
  );
}
