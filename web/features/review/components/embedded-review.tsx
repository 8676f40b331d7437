import type { DocumentSummary } from '@contract/documents';
import { useQuery } from '@tanstack/react-query';
import { buttonClasses } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { NativeSelect } from '@web/components/ui/native-select';
import type { ApiRequestError } from '@web/lib/api';
import { errorMessage } from '@web/lib/api';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'wouter';
import { ReviewWorkspace } from './review-workspace';

// The dashboard offers the latest hand-ins; older ones are on the documents list.
const CHOICES = 10;

const awaitsReview = (doc: DocumentSummary) =>
  doc.status === 'new' || doc.status === 'under review';

/**
 * The dashboard's document feedback tool: the review workspace for one recent
 * hand-in, the first still awaiting review unless the teacher picks another, with feedback
 * saved, edited and deleted in place and the document shared from here.
 */
export function EmbeddedReview() {
  const selectId = useId();
  // The same list the documents page reads (GET /api/documents, newest first).
  const documents = useQuery<DocumentSummary[], ApiRequestError>({
    queryKey: ['/api/documents'],
    staleTime: 1000,
  });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const recent = documents.data?.slice(0, CHOICES) ?? [];
  const doc =
    recent.find((candidate) => candidate.id === chosenId) ?? recent.find(awaitsReview) ?? recent[0];

  let body: ReactNode;
  if (documents.isPending) {
    body = (
      <p role="status" className="text-sm text-slate-600">
        Loading documents…
      </p>
    );
  } else if (documents.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(documents.error, 'Documents could not be loaded.')}
      </p>
    );
  } else if (!doc) {
    body = (
      <p className="text-sm text-slate-600">
        When pupils hand in work with your classroom passphrase, you can mark it here.
      </p>
    );
  } else {
    body = <ReviewWorkspace key={doc.id} doc={doc} openShareOnLoad={false} embedded />;
  }

  return (
    <section aria-labelledby="embedded-review-heading" className="mb-8">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle id="embedded-review-heading">Document Feedback</CardTitle>
            <CardDescription>Select a passage, then record or type your feedback.</CardDescription>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            {recent.length > 1 && doc ? (
              <div className="flex flex-col gap-1">
                <label htmlFor={selectId} className="text-xs font-medium text-slate-700">
                  Document
                </label>
                <NativeSelect
                  id={selectId}
                  value={String(doc.id)}
                  onChange={(event) => setChosenId(Number(event.target.value))}
                >
                  {recent.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.title} — {option.author}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ) : null}
            <Link
              href="/teacher/documents"
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              All Documents
            </Link>
          </div>
        </CardHeader>
        {/* Narrow phones need the width more than the card needs its inset. */}
        <CardContent className="px-2 sm:px-5">{body}</CardContent>
      </Card>
    </section>
  );
}
