import { PageHeader } from '@web/components/layout/page-header';
import { EmptyState } from '@web/components/ui/empty-state';
import { FileText } from 'lucide-react';

export function DocumentsPage() {
  return (
    <>
      {/* The search box arrives with the document list; until then it would have nothing to search. */}
      <PageHeader title="Documents" showSearch={false} />
      <EmptyState
        icon={FileText}
        title="No documents yet"
        description="Pupils' submitted work will appear here once they hand it in with your classroom passphrase."
      />
    </>
  );
}
