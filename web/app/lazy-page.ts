import { type ComponentType, lazy } from 'react';

/**
 * A page loaded only when its route is visited, so a pupil opening a link downloads the
 * pupil's page and not the teacher's workspace. Pages are named exports; React.lazy
 * wants a default one.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
}

/**
 * A page module's loader, extended to bring TanStack Query's client with the page (in
 * parallel): for the pages that read through it. Pupils' and parents' pages do not.
 */
export function queryPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async (): Promise<{ Page: ComponentType<object> }> => {
    const [module, { withQueryClient }] = await Promise.all([load(), import('./query-area')]);
    return { Page: withQueryClient(module[name] as ComponentType<object>) };
  };
}

/** lazyPage for a page that reads through TanStack Query (queryPage). */
export function lazyQueryPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  const loadWithClient = queryPage(load, name);
  return lazyPage(loadWithClient, 'Page');
}
