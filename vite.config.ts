import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineHead } from './web/build/html-head';
import { precompress } from './web/build/precompress';
import { prerenderPublicPages } from './web/build/prerender';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The small UI parts of nearly every page. */
const UI_BASICS =
  /web[\\/](components[\\/]ui[\\/](alert|badge|button|card|empty-state|form-field|input|label|native-select|progress)\.tsx|lib[\\/]cn\.ts|components[\\/]layout[\\/]brand\.tsx)$/;
/** What every page runs: React and the router, in one shared chunk. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/;
/** TanStack Query: the teacher's, the administrator's and the sign-in pages (decision 0035). */
const QUERY = /node_modules[\\/]@tanstack[\\/]/;
/** Infinite lists are a teacher's: their observer stays with the pages that use it. */
const TEACHER_ONLY_QUERY = /[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$/;

/*
 * Small modules of our own that would each be a chunk of a few hundred bytes, shared by
 * their own set of pages, go with the group every page that imports them loads anyway:
 * before its first paint /teacher asked for 33 scripts, each a request (issue #12). Only
 * modules that are not loaded with import() (a group must not take an entry: decision
 * 0034) and whose own imports are type-only or already in a group.
 */
const ours = (paths: string[]) => {
  // A group names files, so a renamed or moved file would silently leave its group: the
  // build stops instead, naming the file (decision 0051).
  const files = paths.map((path) => {
    const file = [`${path}.ts`, `${path}.tsx`].find((candidate) => existsSync(fromRoot(candidate)));
    if (!file) throw new Error(`vite.config.ts: chunk group names ${path}, which does not exist`);
    return file;
  });
  return (id: string) => files.some((file) => id.endsWith(file));
};
/** Loaded by every page that has a form or fetches: the sign-in, pupils' and teachers'. */
const UI_BASICS_TOO = ours([
  'web/lib/api',
  'web/lib/use-back-forward-restore',
  'contract/auth-constants',
]);
/** Loaded only by the pages that have TanStack Query (decision 0035). */
const QUERY_TOO = ours([
  'web/lib/query-client',
  'web/lib/start-queries',
  'web/lib/use-delayed-navigate',
]);
/** What the teacher's workspace imports on every page, and no other area does. */
const TEACHER_CORE = ours([
  'web/lib/settings-api',
  'web/components/layout/load-error-boundary',
  'web/components/layout/classroom-phrase',
  'web/features/settings/api/classroom-phrase',
  'web/app/nav-link',
  'contract/settings-defaults',
  'web/features/lesson-planner/api/lesson-plans',
]);

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
              test: (id: string) => UI_BASICS.test(id) || UI_BASICS_TOO(id),
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
              test: (id: string) =>
                (QUERY.test(id) && !TEACHER_ONLY_QUERY.test(id)) || QUERY_TOO(id),
            },
            {
              name: 'teacher-core',
              test: TEACHER_CORE,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/documents': 'http://localhost:3000' } },
});
