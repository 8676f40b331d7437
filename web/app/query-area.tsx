import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@web/lib/query-client';
import { useOnBackForwardRestore } from '@web/lib/use-back-forward-restore';
import { type ComponentType, createElement, type ReactNode } from 'react';

/**
 * The pages that read through TanStack Query (the teacher's and the administrator's, sign-in,
 * the landing page) get its client here, with their own code: a pupil's or a parent's page
 * never downloads it (decision 0035). The cache is one for the whole app, so moving from
 * one such page to another keeps what was fetched.
 */
export function QueryArea({ children }: { children: ReactNode }) {
  useOnBackForwardRestore(() => void queryClient.invalidateQueries());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function withQueryClient(Page: ComponentType<object>): ComponentType<object> {
  return function PageWithQueryClient(props: object) {
    return <QueryArea>{createElement(Page, props)}</QueryArea>;
  };
}
