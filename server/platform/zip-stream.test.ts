import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readZip } from '../test/read-zip';
import { zipStream } from './zip-stream';

describe('zipStream', () => {
  it('writes stored and deflated entries, from strings, buffers and streams, that unzip tools read back', async () => {
    const media = randomBytes(300_000);
    const text = 'Émile’s essay 🌊\n'.repeat(5_000);
    const opened: string[] = [];
    const archive = await buffer(
      zipStream([
        { name: 'index.json', source: '{"a":1}', compress: true },
        { name: 'documents/1-essay/extracted-text.txt', source: text, compress: true },
        {
          name: 'documents/1-essay/Émile.pdf',
          source: () => {
            opened.push('pdf');
            return Readable.from([media.subarray(0, 1000), media.subarray(1000)]);
          },
        },
        { name: 'empty.txt', source: Buffer.alloc(0) },
      ]),
    );
    const entries = await readZip(archive);
    expect([...entries.keys()]).toEqual([
      'index.json',
      'documents/1-essay/extracted-text.txt',
      'documents/1-essay/Émile.pdf',
      'empty.txt',
    ]);
    expect(entries.get('documents/1-essay/Émile.pdf')!.equals(media)).toBe(true);
    expect(entries.get('documents/1-essay/extracted-text.txt')!.toString('utf8')).toBe(text);
    expect(entries.get('empty.txt')!.length).toBe(0);
    expect(opened).toEqual(['pdf']);
    // Deflated text is smaller than the text itself.
    expect(archive.length).toBeLessThan(media.length + Buffer.byteLength(text) / 2);

    // Info-ZIP checks every CRC and size too.
    const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
    try {
      writeFileSync(join(dir, 'a.zip'), archive);
      const report = execFileSync('unzip', ['-t', join(dir, 'a.zip')]).toString();
      expect(report).toContain('No errors detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes on a read error instead of finishing a damaged archive', async () => {
    const failing = zipStream([
      {
        name: 'missing.pdf',
        source: () =>
          Readable.from(
            (async function* () {
              yield Buffer.from('start');
              throw new Error('disk gone');
            })(),
          ),
      },
    ]);
    await expect(buffer(failing)).rejects.toThrow('disk gone');
  });
});
