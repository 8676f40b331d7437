import { type ComponentType, createElement, lazy, useState } from 'react';

export type PreloadablePage = ComponentType<object> & {
  /** Starts loading the page's code; resolves once it is here (never rejects). */
  preload: () => Promise<void>;
};

type PageEntry = {
  /** The page itself, once its code is here. */
  loaded: ComponentType<object> | undefined;
  /** The page through React.lazy, for a render that comes before its code. */
  deferred: ComponentType<object>;
};

function PageOrDeferred({ entry, pageProps }: { entry: PageEntry; pageProps: object }) {
  // Chosen once per mount: switching from the deferred page to the page itself later
  // would remount it and lose its state.
  const [Component] = useState(() => entry.loaded ?? entry.deferred);
  return createElement(Component, pageProps);
}

/**
 * A teacher's page, loaded when its route is visited (as lazyPage) or ahead of it with
 * `preload()` (teacher-start.ts, as the app starts). A page whose code is already here
 * renders at once: through React.lazy alone it would suspend for a tick even then, and
 * React holds a revealed Suspense boundary back for up to 300 ms after its fallback was
 * shown. The router uses it for the teacher's workspace only (main.tsx preloads it on a
 * teacher's address); pupils' pages keep the smaller lazyPage.
 */
export function preloadablePage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): PreloadablePage {
  let loading: Promise<ComponentType<object>> | undefined;
  const loadPage = () => {
    loading ??= load().then(
      (module) => {
        entry.loaded = module[name] as ComponentType<object>;
        return entry.loaded;
      },
      (error: unknown) => {
        // A failed fetch (offline, a new deployment) is tried again by the next preload();
        // a render that already met the failure keeps it, as React.lazy does.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const entry: PageEntry = {
    loaded: undefined,
    deferred: lazy(async () => ({ default: await loadPage() })),
  };
  const render = (pageProps: object) => createElement(PageOrDeferred, { entry, pageProps });
  const preload = () =>
    loadPage().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(render, { preload });
}
