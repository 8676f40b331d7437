import { QueryClientProvider } from '@tanstack/react-query';
import { useToasts } from '@web/components/ui/use-toast';
import { queryClient } from '@web/lib/query-client';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

// Radix Toast is fetched with the first toast, not with every page: a pupil's page that
// never shows one does not download it. The store (use-toast) is tiny and always here.
const Toaster = lazy(async () => ({ default: (await import('@web/components/ui/toast')).Toaster }));

function ToasterOnFirstToast() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * A page restored from the back/forward cache shows what it showed when left. Everything it
 * shows is asked for again at once: a shared link revoked or expired meanwhile shows its
 * "no longer available" screen instead of the feedback (decision 0030).
 */
function useRefetchOnBackForwardRestore() {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}

export function Providers({ children }: { children: ReactNode }) {
  useRefetchOnBackForwardRestore();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnFirstToast />
    </QueryClientProvider>
  );
}
