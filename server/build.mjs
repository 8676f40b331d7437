/*
 * Compiles the server to plain JavaScript in dist/server, so production starts with
 * `node dist/server/main.js` instead of compiling TypeScript through tsx at every start
 * and in every worker thread. Packages stay external (loaded from node_modules); only
 * our own code (server/ and contract/) is bundled.
 *
 * The bundle lives in one folder, so every file the code finds next to itself through
 * `new URL('./…', import.meta.url)` is placed next to the bundle under the same name:
 * the worker-thread entries (compiled: the worker pool's, face detection's and alignment's), the eSpeak NG program, the fonts and the
 * migrations.
 */
import { cp, rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_BUNDLE_OPTIONS } from './build-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = `${root}dist/server`;
// Built beside the target and swapped in at the end: a web server or worker already
// running from dist/server (`npm run worker` builds while `npm start` runs) never finds
// the folder half-written or gone when it starts a worker thread.
const out = `${target}.build-${process.pid}`;

await rm(out, { recursive: true, force: true });
await build({
  ...SERVER_BUNDLE_OPTIONS,
  absWorkingDir: root,
  outdir: out,
  sourcemap: true,
  logLevel: 'warning',
});
await Promise.all([
  cp(`${root}server/ai/speech-synthesis/espeak-worker.mjs`, `${out}/espeak-worker.mjs`),
  cp(`${root}server/db/embedded-thread.mjs`, `${out}/embedded-thread.mjs`),
  cp(`${root}server/platform/fonts`, `${out}/fonts`, {
    recursive: true,
    filter: (path) => !path.endsWith('.ts'),
  }),
  cp(`${root}server/db/migrations`, `${out}/migrations`, { recursive: true }),
]);
const previous = `${target}.old-${process.pid}`;
await rename(target, previous).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(out, target);
await rm(previous, { recursive: true, force: true });
console.log(`Server compiled to ${target}/main.mjs and worker.mjs`);
