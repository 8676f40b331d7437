import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import yauzl from 'yauzl';

/** Every entry of a zip archive with its bytes, read through its central directory. */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * Unpacks an archive with Info-ZIP's `unzip` (Debian's, the tool people open exports with)
 * into a temporary folder and lists every file it wrote, relative and sorted. Throws with
 * unzip's own words when it refuses (a name over 255 bytes, a broken entry).
 */
export function unpackWithUnzip(bytes: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'cv-unzip-'));
  try {
    const archive = join(dir, 'export.zip');
    writeFileSync(archive, bytes);
    const out = join(dir, 'out');
    const run = spawnSync('unzip', ['-q', archive, '-d', out], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`unzip failed (${run.status}): ${run.stderr}`);
    const written: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else written.push(relative(out, path));
      }
    };
    walk(out);
    return written.sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
