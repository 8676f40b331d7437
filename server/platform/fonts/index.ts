import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * DejaVu Sans (Bitstream Vera licence, see LICENSE beside this file) covers Latin, Greek and
 * Cyrillic with Vietnamese: the exports' PDFs and the report video's captions are set in it,
 * so names such as "Łukasz" or "Nguyễn" render, and nothing needs the network. The files sit
 * beside this module; the server build copies them to fonts/ beside the bundle.
 */
export type FontName = 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf';

export function fontPath(name: FontName): string {
  const candidates = [`./fonts/${name}`, `./${name}`].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`The font ${name} is missing (looked in ${candidates.join(', ')})`);
  return found;
}
