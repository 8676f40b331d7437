/**
 * What each built chunk is made of: runs the production Vite build (vite.config.ts) with a
 * plugin that records every module's rendered size per chunk, then prints the chunks whose
 * name matches the filter with their heaviest modules and the chunks they import.
 *
 *   npx tsx bench/support/chunk-contents.ts [name-filter] [--top=15]
 *
 * Sizes are of the minified code before gzip: use them to rank, the bench for the budget.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const filter = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '';
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.split('=')[1] ?? 15);

type ChunkInfo = {
  name: string;
  gzip: number;
  imports: string[];
  dynamicImports: string[];
  modules: [string, number][];
};
const chunks: ChunkInfo[] = [];

const recorder: Plugin = {
  name: 'chunk-contents',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk') continue;
      chunks.push({
        name: file.fileName,
        gzip: gzipSync(file.code, { level: 9 }).length,
        imports: file.imports,
        dynamicImports: file.dynamicImports,
        modules: Object.entries(file.modules)
          .map(([id, m]): [string, number] => [shorten(id), m.renderedLength])
          .sort((a, b) => b[1] - a[1]),
      });
    }
  },
};

function shorten(id: string) {
  const inModules = id.lastIndexOf('node_modules/');
  return inModules >= 0 ? id.slice(inModules + 13) : id.replace(root, '');
}

await build({
  configFile: `${root}/vite.config.ts`,
  logLevel: 'silent',
  plugins: [recorder],
  build: { write: false },
});

for (const chunk of chunks.filter((c) => c.name.includes(filter)).sort((a, b) => b.gzip - a.gzip)) {
  console.log(`\n${chunk.name}  ${(chunk.gzip / 1024).toFixed(1)} KiB gz`);
  console.log(`  imports: ${chunk.imports.join(' ') || '—'}`);
  if (chunk.dynamicImports.length > 0) console.log(`  lazy: ${chunk.dynamicImports.join(' ')}`);
  for (const [id, size] of chunk.modules.slice(0, top)) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${id}`);
  }
}
