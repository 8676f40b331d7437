import { type ComponentType, lazy } from 'react';

/**
 * A page loaded only when its route is visited, so a pupil opening a link downloads the
 * pupil's page and not the teacher's workspace. Pages are named exports; React.lazy
 * wants a default one.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
}
