import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the compressed file and its headers save nothing worth a file. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once,
 * at build time, so the server (@fastify/static with preCompressed) answers compressed
 * without compressing on each request (Lighthouse: "enable text compression").
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'classroom-voice-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the other plugins' closeBundle (the prerendered pages are written there).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const path of filesUnder(outDir)) {
          if (!TEXT_FILE.test(path)) continue;
          const bytes = readFileSync(path);
          if (bytes.length < MIN_BYTES) continue;
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
