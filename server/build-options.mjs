/*
 * How the server is bundled: shared by server/build.mjs, which writes dist/server, and
 * server/start-imports.test.ts, which checks what the bundle's entry loads at start.
 * Packages stay external (loaded from node_modules); only our own code is bundled.
 */

export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  // `npm run worker`: background jobs without a web server.
  worker: 'server/worker.ts',
  'pool-worker': 'server/pool-worker.ts',
  'face-worker': 'server/ai/face-detection/face-worker.ts',
  'alignment-worker': 'server/ai/alignment/alignment-worker.ts',
};

export const SERVER_BUNDLE_OPTIONS = {
  entryPoints: SERVER_ENTRIES,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Chunks beside the entries: import.meta.url must name this folder in every file.
  chunkNames: '[name]-[hash]',
};
