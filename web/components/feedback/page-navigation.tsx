import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { ChevronLeft, ChevronRight } from 'lucide-react';

interface PageNavigationProps {
  /** The text page shown (1-based) among `totalPages`: what Previous and Next step through. */
  page: number;
  totalPages: number;
  /** What the bar says: "Page 3 of 14" or "Page 3 (continued) of 14" (pageOfLabel). */
  label: string;
  onChange: (page: number) => void;
  /** Which edge of the card the bar sits on; the border goes on the other side. */
  position: 'top' | 'bottom';
  className?: string;
}

/** "Previous page · Page X of Y · Next page" for a document shown one page at a time. */
export function PageNavigation({
  page,
  totalPages,
  label,
  onChange,
  position,
  className,
}: PageNavigationProps) {
  return (
    <nav
      aria-label="Pages"
      className={cn(
        'flex items-center justify-between gap-2 border-slate-200 px-4 py-3',
        position === 'top' ? 'border-b' : 'border-t',
        className,
      )}
    >
      <Button variant="outline" size="sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        {/* On a phone the arrows alone fit beside "Page X of Y"; the name stays for everyone. */}
        <span className="sr-only sm:not-sr-only">Previous page</span>
      </Button>
      <p className="text-sm whitespace-nowrap text-slate-700" aria-live="polite">
        {label}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
      >
        <span className="sr-only sm:not-sr-only">Next page</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
