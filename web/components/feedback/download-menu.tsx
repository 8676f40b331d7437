import { buttonClasses } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { ChevronDown, Download, FileText } from 'lucide-react';

const FORMATS = [
  { format: 'pdf', label: 'PDF' },
  { format: 'annotated-pdf', label: 'PDF with annotations' },
  { format: 'docx', label: 'Word (DOCX)' },
] as const;

/** The server renders each format; these are plain links so the browser handles the file. */
export function DownloadMenu({ downloadUrl }: { downloadUrl: string }) {
  return (
    // Not modal: a modal menu hides the page from screen readers while open, for no gain here.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={buttonClasses({ variant: 'outline' })}>
        <Download aria-hidden="true" />
        Download
        <ChevronDown aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {FORMATS.map(({ format, label }) => (
          <DropdownMenuItem key={format} asChild>
            <a href={`${downloadUrl}?format=${format}`} download>
              <FileText aria-hidden="true" />
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
