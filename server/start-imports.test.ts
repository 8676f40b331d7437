import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_OPTIONS, SERVER_ENTRIES } from './build-options.mjs';

/*
 * Decision 0032: the web server starts without the packages only some requests or
 * deployments need. Each costs 15–30 MiB resident once imported (measured one by one),
 * which the embedded default would hold idle for nothing. They are reached through
 * `import()` (platform/lazy-modules.ts, configured-file-store.ts, db/client.ts).
 *
 * The server is bundled with server/build.mjs's own options (packages external, code split),
 * and the packages imported statically from the entry, through every chunk it imports
 * statically, are what `node dist/server/main.mjs` loads at start.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

/** Only needed by a request that touches an image or a PDF, or by another deployment. */
const LOADED_ON_DEMAND = ['sharp', 'pdf-lib', 'pg', '@aws-sdk/client-s3', 'pdfjs-dist'];

async function packagesLoadedAtStart(entry: string): Promise<Set<string>> {
  const result = await build({
    ...SERVER_BUNDLE_OPTIONS,
    absWorkingDir: root,
    entryPoints: { main: entry },
    outdir: 'dist/start-imports-check',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });

  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const start = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === entry);
  if (!start) throw new Error(`no output for ${entry}`);
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(packageName(imported.path));
      else pending.push(imported.path);
    }
  }
  return packages;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('what the web server loads at start', () => {
  it('leaves image, PDF, PostgreSQL and S3 libraries to the first request that needs them', async () => {
    const loaded = await packagesLoadedAtStart(SERVER_ENTRIES.main!);
    // The walk is real: the framework and the embedded database are found.
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('@electric-sql/pglite');
    for (const name of LOADED_ON_DEMAND) expect(loaded, name).not.toContain(name);
  }, 60_000);
});
