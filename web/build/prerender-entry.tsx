/*
 * Loaded by the build in Node (web/build/prerender.ts) through Vite's SSR loader: renders
 * a public page to HTML with everything it lazily loads, exactly as the browser's first
 * render would (the same tree as web/main.tsx), so the browser can hydrate it.
 */
import { App } from '@web/app/app';
import { ScreenLoading } from '@web/app/page-loading';
import { queryClient } from '@web/lib/query-client';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';

export async function renderPage(path: string): Promise<string> {
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <App ssrPath={path} />
      </StrictMode>,
    );
    return await new Response(prelude).text();
  } finally {
    // Queries the page declared (nothing is fetched here) would otherwise hold the build
    // open until their five-minute garbage collection timer fires.
    queryClient.clear();
  }
}

/** The loading screen a route shell shows until the app replaces it (prerender.ts). */
export async function renderLoadingScreen(): Promise<string> {
  const { prelude } = await prerender(<ScreenLoading />);
  return await new Response(prelude).text();
}
