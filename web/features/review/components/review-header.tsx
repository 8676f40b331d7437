import type { DocumentSummary } from '@contract/documents';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { toast } from '@web/components/ui/use-toast';
import {
  ArrowLeft,
  CheckCheck,
  ChevronDown,
  Download,
  FileText,
  Printer,
  RotateCcw,
  Share2,
} from 'lucide-react';
import { Link } from 'wouter';
import { type DownloadFormat, downloadDocument } from '../api/document';

const FORMATS: { format: DownloadFormat; label: string; toastName: string }[] = [
  { format: 'pdf', label: 'PDF', toastName: 'PDF' },
  { format: 'annotated-pdf', label: 'PDF with annotations', toastName: 'PDF with annotations' },
  { format: 'docx', label: 'DOCX', toastName: 'DOCX' },
];

interface ReviewHeaderProps {
  doc: DocumentSummary;
  reviewed: boolean;
  onShare: () => void;
  /** Print the reflowed text, or the pages as handed in (offered when there are any). */
  onPrint: (what: 'text' | 'page') => void;
  canPrintPages?: boolean;
  onMarkReviewed: () => void;
  onReopen: () => void;
}

export function ReviewHeader({
  doc,
  reviewed,
  onShare,
  onPrint,
  canPrintPages = false,
  onMarkReviewed,
  onReopen,
}: ReviewHeaderProps) {
  const download = async (format: DownloadFormat, name: string) => {
    try {
      await downloadDocument(doc.id, format);
      toast({
        title: `Document Downloaded as ${name}`,
        description: `${doc.title} has been downloaded to your device.`,
      });
    } catch (error) {
      toast({
        title: 'Download failed',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <Link
        href="/teacher/documents"
        className="mb-3 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Documents
      </Link>
      <PageHeader
        title={doc.title}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge tone="indigo">by {doc.author}</Badge>
            {doc.status === 'shared' ? <Badge>Shared</Badge> : null}
            {doc.status === 'under review' && doc.publishedAt ? (
              <Badge tone="yellow">Reopened</Badge>
            ) : null}
          </span>
        }
        actions={
          <>
            <Button variant="outline" onClick={onShare}>
              <Share2 aria-hidden="true" />
              Share
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger className={buttonClasses({ variant: 'outline' })}>
                <Download aria-hidden="true" />
                Download
                <ChevronDown aria-hidden="true" />
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>Download as</DropdownMenuLabel>
                {FORMATS.map(({ format, label, toastName }) => (
                  <DropdownMenuItem key={format} onSelect={() => download(format, toastName)}>
                    <FileText aria-hidden="true" />
                    {label}
                  </DropdownMenuItem>
                ))}
                <DropdownMenuItem onSelect={() => onPrint('text')}>
                  <Printer aria-hidden="true" />
                  {canPrintPages ? 'Print text' : 'Print'}
                </DropdownMenuItem>
                {canPrintPages ? (
                  <DropdownMenuItem onSelect={() => onPrint('page')}>
                    <Printer aria-hidden="true" />
                    Print pages as handed in
                  </DropdownMenuItem>
                ) : null}
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={onShare}>
                  <Share2 aria-hidden="true" />
                  Share Feedback
                </DropdownMenuItem>
                {reviewed ? (
                  <DropdownMenuItem onSelect={onReopen}>
                    <RotateCcw aria-hidden="true" />
                    Reopen for feedback
                  </DropdownMenuItem>
                ) : (
                  <DropdownMenuItem onSelect={onMarkReviewed}>
                    <CheckCheck aria-hidden="true" />
                    Mark as Reviewed
                  </DropdownMenuItem>
                )}
              </DropdownMenuContent>
            </DropdownMenu>
          </>
        }
      />
    </>
  );
}
