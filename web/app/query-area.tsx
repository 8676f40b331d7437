import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@web/lib/query-client';
import { type ComponentType, createElement, type ReactNode, useEffect } from 'react';

/**
 * A page restored from the back/forward cache shows what it showed when left. Everything it
 * shows is asked for again at once (decision 0030).
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

/**
 * The pages that read through TanStack Query (the teacher's and the administrator's, sign-in,
 * the landing page) get its client here, with their own code: a pupil's or a parent's page
 * never downloads it (decision 0035). The cache is one for the whole app, so moving from
 * one such page to another keeps what was fetched.
 */
export function QueryArea({ children }: { children: ReactNode }) {
  useRefetchOnBackForwardRestore();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function withQueryClient(Page: ComponentType<object>): ComponentType<object> {
  return function PageWithQueryClient(props: object) {
    return <QueryArea>{createElement(Page, props)}</QueryArea>;
  };
}
