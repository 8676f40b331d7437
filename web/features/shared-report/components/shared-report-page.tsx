import { PupilLayout } from '@web/components/layout/pupil-layout';
import { ReportVideo } from '@web/components/media/report-video';
import { EmptyState } from '@web/components/ui/empty-state';
import { formatLongDateGb } from '@web/lib/format-time';
import { usePageMeta } from '@web/lib/use-page-meta';
import { LinkIcon, LoaderCircle, Sparkles } from 'lucide-react';
import { useSharedReport } from '../api/shared-report';

/** /shared/{key}: the parent's page. It shows the report and nothing else. */
export function SharedReportPage({ params }: { params: { key: string } }) {
  const view = useSharedReport(params.key);
  usePageMeta({
    title: view.data ? `Report for ${view.data.pupilFirstName}` : 'Parent report',
    noindex: true,
  });

  if (view.isPending) {
    return (
      <PupilLayout homeHref={null}>
        <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Loading the report…
        </p>
      </PupilLayout>
    );
  }

  if (view.isError) {
    return (
      <PupilLayout homeHref={null}>
        <h1 className="sr-only">Parent report</h1>
        <EmptyState
          icon={LinkIcon}
          headingLevel="h2"
          title="Invalid or Expired Link"
          description="This report link may have expired or does not exist."
          className="mt-8"
        />
      </PupilLayout>
    );
  }

  const report = view.data;
  return (
    <PupilLayout homeHref={null}>
      <article className="space-y-5">
        <header className="space-y-1">
          <h1 className="text-2xl font-semibold text-slate-900">
            Report for {report.pupilFirstName}
          </h1>
          <p className="text-sm text-slate-700">
            From {report.teacherName} · {formatLongDateGb(report.sharedAt)}
          </p>
          <p className="text-sm text-slate-700">Subjects: {report.subjects}</p>
        </header>
        {report.videoUrl ? (
          <figure className="space-y-2">
            <ReportVideo
              videoUrl={report.videoUrl}
              captionsUrl={report.captionsUrl}
              title={`Video report for ${report.pupilFirstName}`}
            />
            {report.aiGenerated ? (
              <figcaption className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {report.videoVoice === 'synthesized'
                  ? `This video was made with AI: a synthesized voice reads ${report.teacherName}'s written words. The words are your child's teacher's.`
                  : `This video was made with AI from ${report.teacherName}'s own recording. The words are your child's teacher's.`}
              </figcaption>
            ) : null}
          </figure>
        ) : null}
        <section
          aria-labelledby="shared-report-text"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="shared-report-text" className="mb-2 text-base font-semibold text-slate-900">
            {report.videoVoice === 'recording'
              ? `What ${report.teacherName} said`
              : `${report.teacherName}'s report`}
          </h2>
          <p className="text-base leading-relaxed whitespace-pre-wrap text-slate-800">
            {report.content}
          </p>
        </section>
      </article>
    </PupilLayout>
  );
}
