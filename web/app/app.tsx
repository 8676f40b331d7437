import { Router } from 'wouter';
import { Providers } from './providers';
import { AppRouter } from './router';

/**
 * `ssrPath`: the address a page is prerendered for at build time (web/build/prerender.ts).
 * The browser renders the same tree without it, so hydration finds what the build wrote.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Providers>
      <Router {...(ssrPath ? { ssrPath } : {})}>
        <AppRouter />
      </Router>
    </Providers>
  );
}
