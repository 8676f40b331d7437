import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineHead } from './web/build/html-head';
import { precompress } from './web/build/precompress';
import { prerenderPublicPages } from './web/build/prerender';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('./web'),
  // Order matters at the end of the build: head inlined, pages prerendered, then compressed.
  plugins: [react(), tailwindcss(), inlineHead(), prerenderPublicPages(), precompress()],
  resolve: {
    alias: {
      '@contract': fromRoot('./contract'),
      '@web': fromRoot('./web'),
    },
  },
  build: { outDir: fromRoot('./dist/web'), emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/documents': 'http://localhost:3000' } },
});
