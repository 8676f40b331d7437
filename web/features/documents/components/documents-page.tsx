import type { DocumentSummary } from '@contract/documents';
import { PageHeader } from '@web/components/layout/page-header';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { usePausedValue } from '@web/lib/use-paused-value';
import { CircleAlert, FileSearch, FileText, Sheet } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { useDocuments } from '../api/documents';
import { DeleteDocumentDialog, RenameDocumentDialog } from './document-dialogs';
import type { DocumentTab } from './document-display';
import { DocumentRow } from './document-row';
import { UploadAssignmentDialog } from './upload-assignment-dialog';

// Spec §9: documents page size 10, paging on the client.
const PAGE_SIZE = 10;

const TABS: { value: DocumentTab; label: string; emptyTitle: string; emptyText: string }[] = [
  {
    value: 'all',
    label: 'All Documents',
    emptyTitle: 'No documents found',
    emptyText: "Pupils' work appears here when they hand it in with your classroom passphrase.",
  },
  {
    value: 'new',
    label: 'New Submissions',
    emptyTitle: 'No New Submissions',
    emptyText: 'Newly handed-in work waiting for your review will appear here.',
  },
  {
    value: 'under-review',
    label: 'Under Review',
    emptyTitle: 'No Documents Under Review',
    emptyText: 'Documents you have started giving feedback on will appear here.',
  },
  {
    value: 'reviewed',
    label: 'Reviewed',
    emptyTitle: 'No Reviewed Documents',
    emptyText: 'Documents you have marked as reviewed or shared will appear here.',
  },
];

export function DocumentsPage() {
  const [tab, setTab] = useState<DocumentTab>('all');
  // A search typed in the header of another page arrives as ?q=.
  const initialSearch = useSearch();
  const [query, setQuery] = useState(() => new URLSearchParams(initialSearch).get('q') ?? '');
  const search = usePausedValue(query);
  const documents = useDocuments(tab, search);
  const [visible, setVisible] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<DocumentSummary | null>(null);
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);

  const loaded = useMemo(
    () => documents.data?.pages.flatMap((page) => page.documents) ?? [],
    [documents.data],
  );
  const total = documents.data?.pages.at(-1)?.total ?? loaded.length;
  const shown = loaded.slice(0, visible);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = documents;
  // Ten more on screen per "Load More"; the next server page of 50 is fetched only
  // when the rows already here run out.
  useEffect(() => {
    if (visible > loaded.length && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [visible, loaded.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const renderPanel = (meta: (typeof TABS)[number]) => {
    if (documents.isPending) {
      return (
        <p role="status" className="py-12 text-center text-sm text-slate-600">
          Loading documents...
        </p>
      );
    }
    if (documents.isError) {
      return (
        <EmptyState
          icon={CircleAlert}
          title="Documents could not be loaded"
          description="Check your connection and try again."
          actions={<Button onClick={() => documents.refetch()}>Try Again</Button>}
        />
      );
    }
    if (loaded.length === 0) {
      return search.trim() ? (
        <EmptyState
          icon={FileSearch}
          title="No documents found"
          description="Try adjusting your search or filters"
        />
      ) : (
        <EmptyState icon={FileText} title={meta.emptyTitle} description={meta.emptyText} />
      );
    }
    const allShown = shown.length >= loaded.length && !hasNextPage;
    return (
      <Card>
        <h2 className="sr-only">{meta.label}</h2>
        <ul className="divide-y divide-slate-200">
          {shown.map((doc) => (
            <DocumentRow
              key={doc.id}
              doc={doc}
              canEdit={tab === 'new' && doc.status.toLowerCase() === 'new'}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {shown.length} of {Math.max(total, shown.length)} documents
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={allShown || isFetchingNextPage}
            onClick={() => setVisible((count) => count + PAGE_SIZE)}
          >
            {allShown ? 'All Loaded' : 'Load More'}
          </Button>
        </div>
      </Card>
    );
  };

  return (
    <>
      <PageHeader
        title="Documents"
        searchLabel="Search documents by title or pupil"
        searchDefault={query}
        onSearch={(text) => {
          setQuery(text);
          setVisible(PAGE_SIZE);
        }}
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value as DocumentTab);
          setVisible(PAGE_SIZE);
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Filter documents by status">
            {TABS.map((meta) => (
              <TabsTrigger key={meta.value} value={meta.value}>
                {meta.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex flex-wrap items-center gap-2">
            {/* A download (CSV, cells safe to open in a spreadsheet), not a page of the app. */}
            <a
              href="/api/mark-sheet"
              download
              className={buttonClasses({ variant: 'outline' })}
              aria-describedby="mark-sheet-hint"
            >
              <Sheet aria-hidden="true" />
              Mark sheet (CSV)
            </a>
            <span id="mark-sheet-hint" hidden>
              Every piece of work with its pupil, mark and rubric, for a spreadsheet
            </span>
            <UploadAssignmentDialog />
          </div>
        </div>
        {TABS.map((meta) => (
          <TabsContent key={meta.value} value={meta.value}>
            {meta.value === tab ? renderPanel(meta) : null}
          </TabsContent>
        ))}
      </Tabs>
      <RenameDocumentDialog doc={editing} onClose={() => setEditing(null)} />
      <DeleteDocumentDialog doc={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
