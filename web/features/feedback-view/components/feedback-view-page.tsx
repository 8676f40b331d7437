import { DocumentFeedbackViewer } from '@web/components/feedback/document-feedback-viewer';
import { DocumentHeader } from '@web/components/feedback/document-header';
import { DownloadMenu } from '@web/components/feedback/download-menu';
import { MarkSummary } from '@web/components/feedback/mark-summary';
import { pageSourceOf, WORD_TEXT_ONLY } from '@web/components/feedback/page-source';
import { PupilLayout } from '@web/components/layout/pupil-layout';
import { EmptyState } from '@web/components/ui/empty-state';
import { formatLongDateGb } from '@web/lib/format-time';
import { usePageMeta } from '@web/lib/use-page-meta';
import { CalendarClock, LinkIcon, LoaderCircle, UserRound } from 'lucide-react';
import { feedbackViewUrl, useFeedbackView } from '../api/feedback-view';

/** /feedback-view/{accessKey}: what a parent or pupil sees when they open a shared link. */
export function FeedbackViewPage({ params }: { params: { accessKey: string } }) {
  const view = useFeedbackView(params.accessKey);
  usePageMeta({ title: view.data?.document.title ?? 'Shared feedback', noindex: true });

  if (view.isPending) {
    return (
      <PupilLayout homeHref={null} width="wide">
        <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Loading the feedback…
        </p>
      </PupilLayout>
    );
  }

  if (view.isError) {
    // 404 is the usual answer (wrong, revoked or expired); other failures read the same to a parent.
    return (
      <PupilLayout homeHref={null}>
        <h1 className="sr-only">Shared feedback</h1>
        <EmptyState
          icon={LinkIcon}
          headingLevel="h2"
          title="Invalid or Expired Link"
          description="This feedback link may have expired or does not exist."
          className="mt-8"
        />
      </PupilLayout>
    );
  }

  const { document, feedbackItems, teacherName, expiresAt } = view.data;
  return (
    <PupilLayout homeHref={null} width="wide">
      <DocumentHeader
        title={document.title}
        author={document.author}
        details={
          <>
            <p className="flex items-center gap-1.5">
              <UserRound className="size-4" aria-hidden="true" />
              Feedback from {teacherName}
            </p>
            {expiresAt ? (
              <p className="flex items-center gap-1.5 print:hidden">
                <CalendarClock className="size-4" aria-hidden="true" />
                This link works until {formatLongDateGb(expiresAt)}.
              </p>
            ) : null}
          </>
        }
        actions={<DownloadMenu downloadUrl={`${feedbackViewUrl(params.accessKey)}/download`} />}
      />
      <MarkSummary mark={view.data.mark} className="mb-4" />
      <DocumentFeedbackViewer
        title={document.title}
        pageSource={pageSourceOf(
          document.originalKind,
          `${feedbackViewUrl(params.accessKey)}/original`,
        )}
        pageUnavailable={document.originalKind === 'word' ? WORD_TEXT_ONLY : null}
        pages={document.pages}
        pageNumbers={document.pageNumbers}
        pageCount={document.pageCount}
        entries={feedbackItems}
      />
    </PupilLayout>
  );
}
