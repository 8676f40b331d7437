import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Mic, Plus, Sparkles, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useReports } from '../api/reports';
import { RecentReportsList } from './recent-reports';
import { ReportDialogs, useReportDialogs } from './report-dialogs';
import { TemplatesDialog } from './templates-dialog';

const STEPS = [
  { icon: Mic, text: 'Record your voice feedback about the pupil.' },
  {
    icon: Sparkles,
    text: 'AI enhances the recording by removing filler words and improving clarity.',
  },
  { icon: Video, text: 'Generate an avatar video with your digital twin.' },
];

export function ParentReportsPage() {
  const reports = useReports();
  const dialogs = useReportDialogs();
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [, navigate] = useLocation();
  const editId = Number(new URLSearchParams(useSearch()).get('edit'));
  const { onEdit } = dialogs.actions;

  // ?edit={id} (the dashboard's Edit on a draft report) opens that draft's editor once.
  useEffect(() => {
    if (!editId || !reports.data) return;
    const draft = reports.data.find((report) => report.id === editId && report.status === 'draft');
    if (draft) onEdit(draft);
    navigate('/teacher/parent-reports', { replace: true });
  }, [editId, reports.data, onEdit, navigate]);

  return (
    <>
      <PageHeader title="Parent Reports" />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Recent Reports</CardTitle>
            <CardDescription>Drafts and reports you have sent to parents.</CardDescription>
          </CardHeader>
          <CardContent className="px-0 pb-2">
            {reports.isPending ? (
              <p className="px-5 pb-4 text-sm text-slate-600" role="status">
                Loading reports…
              </p>
            ) : reports.isError ? (
              <p className="px-5 pb-4 text-sm text-red-700" role="alert">
                {reports.error.message}
              </p>
            ) : (
              <RecentReportsList reports={reports.data} actions={dialogs.actions} />
            )}
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Report Creator</CardTitle>
            <Button variant="link" size="sm" onClick={() => setTemplatesOpen(true)}>
              See All Templates
            </Button>
          </CardHeader>
          <CardContent className="space-y-4">
            <ol className="space-y-3">
              {STEPS.map(({ icon: Icon, text }, index) => (
                <li key={text} className="flex gap-3 text-sm text-slate-700">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="font-medium text-slate-900">Step {index + 1}.</span> {text}
                  </span>
                </li>
              ))}
            </ol>
            <Button className="w-full" onClick={() => dialogs.create()}>
              <Plus aria-hidden="true" />
              Start Creating Report
            </Button>
          </CardContent>
        </Card>
      </div>
      <TemplatesDialog
        open={templatesOpen}
        onOpenChange={setTemplatesOpen}
        onChoose={(template) => {
          setTemplatesOpen(false);
          dialogs.create(template);
        }}
      />
      <ReportDialogs dialogs={dialogs} />
    </>
  );
}
