import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { formatLongDate } from '@web/lib/format';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/** How long "Copied" shows before the button reads "Copy" again. */
const COPIED_RESET_MS = 2000;

/*
 * The moment after a capability link is made (shared feedback, a parent report): the link
 * to copy, when it stops working, and whether it was e-mailed. The key is shown only now.
 */
export function LinkCreated({
  link,
  expiresAt,
  noun,
  emailed,
  onDone,
}: {
  link: string;
  /** Null for a link that never expires. */
  expiresAt: string | null;
  /** "Feedback" or "Report": the link's name in the sentences. */
  noun: string;
  /** What to say of the e-mail, when one was sent. */
  emailed: string | null;
  onDone: () => void;
}) {
  const linkId = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      toast({
        title: 'Could not copy the link',
        description: 'Select the link and copy it yourself.',
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    toast({
      title: 'Link copied to clipboard',
      description: `The ${noun.toLowerCase()} link has been copied to your clipboard.`,
    });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  };

  return (
    <div className="space-y-4">
      <Alert tone="success">
        {noun} link created.
        {emailed ? ` ${emailed}` : ''}
      </Alert>
      <div className="space-y-1.5">
        <label htmlFor={linkId} className="block text-sm font-medium text-slate-800">
          {noun} link
        </label>
        <div className="flex gap-2">
          <Input
            id={linkId}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
          <Button variant="outline" onClick={copy} className="shrink-0">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {expiresAt ? `Expires ${formatLongDate(expiresAt)}` : 'Expires never'}
      </p>
      <DialogFooter>
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          className="inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Open link
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
