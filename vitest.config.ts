import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Unit and API integration tests. Browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  resolve: {
    alias: { '@contract': fromRoot('./contract'), '@web': fromRoot('./web') },
  },
  test: {
    include: [
      'server/**/*.test.ts',
      'contract/**/*.test.ts',
      'web/**/*.test.ts',
      // Component tests (happy-dom, Testing Library) sit beside their components.
      'web/**/*.test.tsx',
      // The benchmarks' own arithmetic.
      'bench/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
