import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toast';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { queryClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
