import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineHead } from './web/build/html-head';
import { precompress } from './web/build/precompress';
import { prerenderPublicPages } from './web/build/prerender';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** What every page runs: React and the router, in one shared chunk. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/;
/** TanStack Query: the teacher's, the administrator's and the sign-in pages (decision 0035). */
const QUERY = /node_modules[\\/]@tanstack[\\/]/;
/** Infinite lists are a teacher's: their observer stays with the pages that use it. */
const TEACHER_ONLY_QUERY = /[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$/;

export default defineConfig({
  root: fromRoot('./web'),
  // Order matters at the end of the build: head inlined, pages prerendered, then compressed.
  plugins: [react(), tailwindcss(), inlineHead(), prerenderPublicPages(), precompress()],
  resolve: {
    alias: [
      { find: '@contract', replacement: fromRoot('./contract') },
      { find: '@web', replacement: fromRoot('./web') },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fromRoot('./web/build/use-sync-external-store.ts'),
      },
    ],
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // An entries-aware group's chunks are named after every entry that shares them
        // ("icons~landing-page~…"): the group's name and the hash are enough.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        codeSplitting: {
          groups: [
            {
              name: 'ui-basics',
              test: /web[\\/](components[\\/]ui[\\/](alert|badge|button|card|empty-state|form-field|input|label|native-select|progress)\.tsx|lib[\\/]cn\.ts|components[\\/]layout[\\/]brand\.tsx)$/,
            },
            {
              name: 'framework',
              test: FRAMEWORK,
            },
            // Each icon would otherwise be a chunk of its own (~250 bytes gzipped), shared by
            // its own set of pages: /teacher asked for 12 of them before its first paint, each
            // a request (issue #12). Grouped by the pages that use them, small groups merged
            // into their nearest neighbour: a page may get a few icons it does not show.
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 4000,
            },
            {
              name: 'query',
              test: (id: string) => QUERY.test(id) && !TEACHER_ONLY_QUERY.test(id),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/documents': 'http://localhost:3000' } },
});
