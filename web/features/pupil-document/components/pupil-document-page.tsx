import { DocumentFeedbackViewer } from '@web/components/feedback/document-feedback-viewer';
import { DocumentHeader } from '@web/components/feedback/document-header';
import { DownloadMenu } from '@web/components/feedback/download-menu';
import { MarkSummary } from '@web/components/feedback/mark-summary';
import { pageSourceOf, WORD_TEXT_ONLY } from '@web/components/feedback/page-source';
import { PupilLayout } from '@web/components/layout/pupil-layout';
import { Alert } from '@web/components/ui/alert';
import { buttonClasses } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePageMeta } from '@web/lib/use-page-meta';
import { ExternalLink, FileQuestionMark, LoaderCircle, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { pupilDocumentUrl, usePupilDocument } from '../api/pupil-document';

const NOT_SHARED_YET = "Your teacher hasn't shared feedback on this work yet.";

/** /documents/{classroomPhrase}/{uniqueId}: a pupil's own work, opened from their list. */
export function PupilDocumentPage({ params }: { params: { phrase: string; uniqueId: string } }) {
  const { phrase, uniqueId } = params;
  const doc = usePupilDocument(phrase, uniqueId);
  usePageMeta({ title: doc.data?.document.title ?? 'Your work', noindex: true });

  if (doc.isPending) {
    return (
      <PupilLayout width="wide">
        <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Loading your work…
        </p>
      </PupilLayout>
    );
  }

  if (doc.isError) {
    return (
      <PupilLayout>
        <h1 className="sr-only">Your work</h1>
        <EmptyState
          icon={FileQuestionMark}
          title="We couldn't find this work"
          description={
            doc.error.status === 404
              ? 'The address may be mistyped, or your teacher may have changed the classroom key. Open your work again from the Student Portal.'
              : 'Something went wrong while loading your work. Please try again in a moment.'
          }
          actions={
            <Link href="/student?tab=view" className={buttonClasses()}>
              Go to the Student Portal
            </Link>
          }
          className="mt-8"
        />
      </PupilLayout>
    );
  }

  const { document, feedbackItems, teacherName } = doc.data;
  const hasFeedback = feedbackItems.length > 0;
  return (
    <PupilLayout width="wide">
      <DocumentHeader
        title={document.title}
        author={document.author}
        details={
          hasFeedback ? (
            <p className="flex items-center gap-1.5">
              <UserRound className="size-4" aria-hidden="true" />
              Feedback from {teacherName}
            </p>
          ) : null
        }
        actions={
          <>
            {document.filePath ? (
              <a
                href={document.filePath}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby="original-file-new-tab"
                className={buttonClasses({ variant: 'outline' })}
              >
                <ExternalLink aria-hidden="true" />
                Open original file
                <span id="original-file-new-tab" hidden>
                  Opens in a new tab
                </span>
              </a>
            ) : null}
            <DownloadMenu downloadUrl={`${pupilDocumentUrl(phrase, uniqueId)}/download`} />
          </>
        }
      />
      {hasFeedback || doc.data.mark ? null : (
        <Alert tone="info" className="mb-4 print:hidden">
          {NOT_SHARED_YET}
        </Alert>
      )}
      <MarkSummary mark={doc.data.mark} className="mb-4" />
      <DocumentFeedbackViewer
        title={document.title}
        pageSource={pageSourceOf(
          document.originalKind,
          `${pupilDocumentUrl(phrase, uniqueId)}/original`,
        )}
        pageUnavailable={document.originalKind === 'word' ? WORD_TEXT_ONLY : null}
        pages={document.pages}
        pageNumbers={document.pageNumbers}
        pageCount={document.pageCount}
        entries={feedbackItems}
        noFeedbackMessage="No feedback yet."
        noTextMessage="The text of your work can't be shown here. Open the original file to see it."
      />
    </PupilLayout>
  );
}
