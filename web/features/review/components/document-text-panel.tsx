import type { DocumentExtract, DocumentSummary } from '@contract/documents';
import type { FeedbackItem } from '@contract/feedback';
import { pageOfLabel } from '@contract/pupil-pages';
import { PageNavigation } from '@web/components/feedback/page-navigation';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ExternalLink, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useReadTextAgain } from '../api/document';
import type { TextSelection } from '../hooks/text-offsets';
import { PageText, type Pulse } from './page-text';

interface DocumentTextPanelProps {
  doc: DocumentSummary;
  extract: DocumentExtract | undefined;
  extractFailed: boolean;
  page: number;
  onPageChange: (page: number) => void;
  items: FeedbackItem[];
  activeId: number | null;
  pulse: Pulse | null;
  selection: TextSelection | null;
  selectable: boolean;
  onSelect: (selection: TextSelection) => void;
  onHighlightClick: (id: number) => void;
  /** Narrow screens: the feedback panel sits below the text, out of sight. */
  onJumpToComposer: () => void;
}

/** Reads the file again: for a reading that failed for good, or after a setting changed. */
function ReadAgain({ documentId }: { documentId: number }) {
  const readAgain = useReadTextAgain(documentId);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        size="sm"
        variant="outline"
        onClick={() => readAgain.mutate()}
        disabled={readAgain.isPending}
      >
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
      {readAgain.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {readAgain.error.message}
        </p>
      ) : null}
    </div>
  );
}

function OriginalLink({ filePath }: { filePath: string | null }) {
  if (!filePath) return null;
  return (
    <a
      href={filePath}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
    >
      Open original document
      <ExternalLink className="size-4" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-start gap-3 p-6">{children}</div>;
}

export function DocumentTextPanel({
  doc,
  extract,
  extractFailed,
  page,
  onPageChange,
  onJumpToComposer,
  ...pageProps
}: DocumentTextPanelProps) {
  const heading = (
    <h2 className="sr-only" id="document-text-heading">
      Document text
    </h2>
  );

  if (extractFailed) {
    return (
      <Card className="self-start">
        {heading}
        <Notice>
          <Alert tone="error">Failed to extract document content</Alert>
          <OriginalLink filePath={doc.filePath} />
        </Notice>
      </Card>
    );
  }
  if (!extract || extract.status === 'pending') {
    return (
      <Card className="self-start">
        {heading}
        <p role="status" className="p-6 text-sm text-slate-600">
          Loading document content...
        </p>
      </Card>
    );
  }
  if (extract.status === 'failed') {
    return (
      <Card className="self-start">
        {heading}
        <Notice>
          <Alert tone="error">
            <p className="font-medium">The text could not be read from this file.</p>
            {extract.error ? <p className="mt-1">{extract.error}</p> : null}
          </Alert>
          <ReadAgain documentId={doc.id} />
          <OriginalLink filePath={doc.filePath} />
        </Notice>
      </Card>
    );
  }
  const totalPages = extract.pages.length;
  if (totalPages === 0) {
    return (
      <Card className="self-start">
        {heading}
        <Notice>
          <p className="text-sm text-slate-700">No content available</p>
          <OriginalLink filePath={doc.filePath} />
        </Notice>
      </Card>
    );
  }

  const current = Math.min(Math.max(1, page), totalPages);
  const label = pageOfLabel(extract.pageNumbers, extract.pageCount, current);
  return (
    <Card className="flex min-w-0 flex-col self-start">
      {heading}
      <PageNavigation
        page={current}
        totalPages={totalPages}
        label={label}
        onChange={onPageChange}
        position="top"
      />
      <PageText
        text={extract.pages[current - 1] ?? ''}
        pageNumber={current}
        label={label}
        {...pageProps}
      />
      {pageProps.selection && pageProps.selectable ? (
        <div className="border-t border-slate-200 px-5 py-3 lg:hidden">
          <Button size="sm" onClick={onJumpToComposer}>
            Add feedback to the selected passage
          </Button>
        </div>
      ) : null}
      {doc.filePath ? (
        <div className="border-t border-slate-200 px-5 py-2">
          <OriginalLink filePath={doc.filePath} />
        </div>
      ) : null}
    </Card>
  );
}
