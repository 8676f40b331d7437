import { ACCEPTED_UPLOAD_EXTENSIONS } from '@contract/field-rules';
import { cn } from '@web/lib/cn';
import { FileUp, Paperclip } from 'lucide-react';
import { forwardRef } from 'react';

interface FilePickerProps {
  id: string;
  file: File | undefined;
  onFile: (file: File | undefined) => void;
  onBlur?: () => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A real file input (so the label, keyboard and phone camera all work), dressed as a drop
 * zone that names the chosen file.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(
  { id, file, onFile, onBlur, disabled, ...aria },
  ref,
) {
  return (
    <div
      className={cn(
        'relative flex items-center gap-3 rounded-lg border-2 border-dashed bg-white px-4 py-4',
        'focus-within:border-indigo-600 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600',
        aria['aria-invalid'] ? 'border-red-600' : 'border-slate-300',
        disabled && 'opacity-60',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
        {file ? (
          <Paperclip className="size-5" aria-hidden="true" />
        ) : (
          <FileUp className="size-5" aria-hidden="true" />
        )}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        {file ? (
          <>
            <p className="truncate font-medium text-slate-900">{file.name}</p>
            <p className="text-slate-600">{formatSize(file.size)} · choose again to change it</p>
          </>
        ) : (
          <p className="text-slate-700">
            <span className="font-medium text-indigo-700">Choose a file</span> from your device
          </p>
        )}
      </div>
      <input
        ref={ref}
        id={id}
        type="file"
        accept={ACCEPTED_UPLOAD_EXTENSIONS.join(',')}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(event) => onFile(event.target.files?.[0])}
        // Covers the whole zone: a click anywhere opens the picker, focus shows on the zone.
        className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        {...aria}
      />
    </div>
  );
});
