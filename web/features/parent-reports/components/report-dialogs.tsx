import type { ParentReport } from '@contract/parent-reports';
import type { ReportTemplate } from '@contract/report-templates';
import { FromFirstOpening } from '@web/components/layout/from-first-opening';
import { DeferredConfirmDialog } from '@web/components/ui/deferred-confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { lazy, useMemo, useState } from 'react';
import { useDeleteReport } from '../api/reports';
import type { ReportActions } from './recent-reports';

// Each dialog's code (the recorder, the video player, the share form) is fetched the first
// time it opens: the dashboard lists reports above the fold and must not wait for them.
const CreateReportDialog = lazy(async () => ({
  default: (await import('./create-report-dialog')).CreateReportDialog,
}));
const ViewReportDialog = lazy(async () => ({
  default: (await import('./view-report-dialog')).ViewReportDialog,
}));
const ShareReportDialog = lazy(async () => ({
  default: (await import('./share-report-dialog')).ShareReportDialog,
}));

/** Which dialog is open; shared by the page and the dashboard card. */
export function useReportDialogs() {
  const [creating, setCreating] = useState<{
    report: ParentReport | null;
    template: ReportTemplate | null;
  } | null>(null);
  const [viewing, setViewing] = useState<ParentReport | null>(null);
  const [sharing, setSharing] = useState<ParentReport | null>(null);
  const [deleting, setDeleting] = useState<ParentReport | null>(null);
  const actions: ReportActions = useMemo(
    () => ({
      onView: setViewing,
      onEdit: (report) => setCreating({ report, template: null }),
      onShare: setSharing,
      onDelete: setDeleting,
    }),
    [],
  );
  return {
    actions,
    create: (template: ReportTemplate | null = null) => setCreating({ report: null, template }),
    state: {
      creating,
      setCreating,
      viewing,
      setViewing,
      sharing,
      setSharing,
      deleting,
      setDeleting,
    },
  };
}

export function ReportDialogs({ dialogs }: { dialogs: ReturnType<typeof useReportDialogs> }) {
  const { creating, setCreating, viewing, setViewing, sharing, setSharing, deleting, setDeleting } =
    dialogs.state;
  const remove = useDeleteReport();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () =>
        toast({ title: 'Report Deleted', description: 'The draft report has been deleted.' }),
      onError: (error) =>
        toast({
          title: 'Report not deleted',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <FromFirstOpening open={creating !== null}>
        <CreateReportDialog
          open={creating !== null}
          onOpenChange={(open) => (open ? null : setCreating(null))}
          report={creating?.report ?? null}
          template={creating?.template ?? null}
        />
      </FromFirstOpening>
      <FromFirstOpening open={viewing !== null}>
        <ViewReportDialog
          report={viewing}
          onOpenChange={(open) => (open ? null : setViewing(null))}
          onShare={(report) => {
            setViewing(null);
            setSharing(report);
          }}
        />
      </FromFirstOpening>
      <FromFirstOpening open={sharing !== null}>
        <ShareReportDialog
          report={sharing}
          onOpenChange={(open) => (open ? null : setSharing(null))}
        />
      </FromFirstOpening>
      <DeferredConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete this report?"
        description={`The draft report for ${deleting?.studentName ?? 'this pupil'} will be deleted. This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          confirmDelete();
        }}
      />
    </>
  );
}
