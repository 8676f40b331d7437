import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

/*
 * Where the pool's worker entry is, as JavaScript. In the production build it is
 * dist/server/pool-worker.mjs, beside the bundle this code is in (server/build.mjs puts it
 * there). Run from the TypeScript sources (npm run dev, the tests) there is no such file:
 * the entry is then bundled on the fly with esbuild (~0.1 s) into node_modules/.cache,
 * once per process, instead of every thread compiling TypeScript through tsx as it loads.
 */

const COMPILED = new URL('./pool-worker.mjs', import.meta.url);
const SOURCE = new URL('../../pool-worker.ts', import.meta.url);
const ROOT = new URL('../../..', import.meta.url);

let compiled: Promise<URL> | undefined;

export function poolWorkerEntry(): Promise<URL> {
  if (existsSync(fileURLToPath(COMPILED))) return Promise.resolve(COMPILED);
  compiled ??= compileEntry().catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

async function compileEntry(): Promise<URL> {
  const { build } = await import('esbuild');
  const root = fileURLToPath(ROOT);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [fileURLToPath(SOURCE)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages load from node_modules, which the output's folder sits in.
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  // Named by content: processes running different sources (worktrees, a test beside a
  // dev server) never overwrite each other's entry, and an unchanged one is reused.
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const folder = `${root}node_modules/.cache/classroom-voice-workers`;
  const file = `${folder}/pool-worker-${hash}.mjs`;
  if (!existsSync(file)) {
    await mkdir(folder, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return pathToFileURL(file);
}
