import { useToasts } from '@web/components/ui/use-toast';
import { lazy, type ReactNode, Suspense, useState } from 'react';

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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToasterOnFirstToast />
    </>
  );
}
