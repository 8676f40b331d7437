import { buttonClasses } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { FileText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { DownloadLabel } from './download-menu';

const FORMATS = [
  { format: 'pdf', label: 'PDF' },
  { format: 'annotated-pdf', label: 'PDF with annotations' },
  { format: 'docx', label: 'Word (DOCX)' },
] as const;

interface DownloadMenuPopupProps {
  downloadUrl: string;
  /** The stand-in button had focus: the real one takes it over. */
  focusTrigger: boolean;
  /** The stand-in was pressed before this arrived: open at once. */
  open: boolean;
}

/**
 * The server renders each format; these are plain links so the browser handles the file.
 * Loaded by DownloadMenu (./download-menu.tsx) when the pupil or parent reaches for it.
 */
export function DownloadMenuPopup({ downloadUrl, focusTrigger, open }: DownloadMenuPopupProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // An open menu takes focus itself; focus moving out of it would close it.
    if (focusTrigger && !open) trigger.current?.focus();
  }, [focusTrigger, open]);
  return (
    // Not modal: a modal menu hides the page from screen readers while open, for no gain here.
    <DropdownMenu modal={false} defaultOpen={open}>
      <DropdownMenuTrigger ref={trigger} className={buttonClasses({ variant: 'outline' })}>
        <DownloadLabel />
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
