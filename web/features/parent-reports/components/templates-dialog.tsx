import { REPORT_TEMPLATES, type ReportTemplate } from '@contract/report-templates';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';

interface TemplatesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (template: ReportTemplate) => void;
}

export function TemplatesDialog({ open, onOpenChange, onChoose }: TemplatesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Report Templates</DialogTitle>
          <DialogDescription>
            A template suggests what to talk about and fills in the subjects.
          </DialogDescription>
        </DialogHeader>
        <ul className="space-y-3">
          {REPORT_TEMPLATES.map((template) => (
            <li key={template.id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div>
                  <h3 className="font-semibold text-slate-900">{template.name}</h3>
                  <p className="text-sm text-slate-700">{template.description}</p>
                  <p className="text-xs text-slate-600">Subjects: {template.subjects}</p>
                </div>
                <Button size="sm" onClick={() => onChoose(template)} className="shrink-0">
                  Use<span className="sr-only"> the {template.name} template</span>
                </Button>
              </div>
              <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
                {template.prompts.map((prompt) => (
                  <li key={prompt}>{prompt}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
