import { type ReactNode, Suspense, useState } from 'react';
import { LoadErrorBoundary } from './load-error-boundary';

/**
 * Renders a lazily loaded dialog from its first opening on, then keeps it mounted so it
 * animates out and returns focus; a dialog whose code cannot be fetched says so in place.
 */
export function FromFirstOpening({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return (
    <LoadErrorBoundary what="this dialog">
      <Suspense fallback={null}>{children}</Suspense>
    </LoadErrorBoundary>
  );
}
