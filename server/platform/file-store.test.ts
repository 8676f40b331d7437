import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { isStorageKey, LocalFileStore, newStorageKey } from './file-store';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every file under dir, relative, including dot files. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

describe('newStorageKey', () => {
  it('makes year/month/random-hex keys with the extension', () => {
    const key = newStorageKey('pdf', new Date('2026-11-03T10:00:00Z'));
    expect(key).toMatch(/^2026\/11\/[0-9a-f]{32}\.pdf$/);
    expect(isStorageKey(key)).toBe(true);
    expect(newStorageKey('.JPG')).toMatch(/\.jpg$/);
    expect(newStorageKey('pdf')).not.toBe(newStorageKey('pdf'));
  });

  it('refuses extensions that could break the key shape', () => {
    for (const bad of ['', 'p/f', '..', 'tar.gz', 'a'.repeat(9)]) {
      expect(() => newStorageKey(bad)).toThrow(/Invalid file extension/);
    }
  });
});

describe('LocalFileStore', () => {
  let root: string;
  let store: LocalFileStore;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'file-store-'));
    store = new LocalFileStore(join(root, 'files'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('puts, stats, reads and deletes a file, leaving no temp file behind', async () => {
    const key = newStorageKey('txt');
    const bytes = new TextEncoder().encode('hello, classroom');
    await store.put(key, bytes);

    expect(await store.stat(key)).toEqual({ size: bytes.length });
    expect((await store.read(key)).toString()).toBe('hello, classroom');
    expect(await listFiles(join(root, 'files'))).toEqual([key]);

    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
  });

  it('replaces a file whole when the same key is put again', async () => {
    const key = newStorageKey('bin');
    await store.put(key, Buffer.alloc(1000, 1));
    await store.put(key, Buffer.from([7, 8, 9]));
    expect([...(await store.read(key))]).toEqual([7, 8, 9]);
    expect(await listFiles(join(root, 'files'))).toEqual([key]);
  });

  it('streams the whole file or an inclusive byte range', async () => {
    const key = newStorageKey('bin');
    await store.put(key, Buffer.from('0123456789'));
    expect((await collect(store.createReadStream(key))).toString()).toBe('0123456789');
    expect((await collect(store.createReadStream(key, { start: 2, end: 5 }))).toString()).toBe(
      '2345',
    );
    expect(() => store.createReadStream(key, { start: 5, end: 2 })).toThrow(/Invalid byte range/);
    expect(() => store.createReadStream(key, { start: -1, end: 2 })).toThrow(/Invalid byte range/);
  });

  it('treats a missing file as null on stat, 404 on read, and not an error on delete', async () => {
    const key = newStorageKey('pdf');
    expect(await store.stat(key)).toBeNull();
    const error = await store.read(key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(404);
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(collect(store.createReadStream(key))).rejects.toThrow(/ENOENT/);
  });

  it('refuses any key the server did not make', async () => {
    const bad = [
      '../secret.txt',
      '/etc/passwd',
      '2026/11/../../../etc/passwd',
      `2026/11/${'a'.repeat(32)}.pdf/../x`,
      `2026\\11\\${'a'.repeat(32)}.pdf`,
      `2026/13/${'a'.repeat(32)}.pdf`,
      `2026/11/${'A'.repeat(32)}.pdf`,
      `2026/11/${'a'.repeat(31)}.pdf`,
      `2026/11/${'a'.repeat(32)}`,
      `2026/11/.${'a'.repeat(31)}.tmp`,
      '',
    ];
    for (const key of bad) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.read(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.stat(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(key), key).rejects.toThrow(/Invalid storage key/);
      expect(() => store.createReadStream(key), key).toThrow(/Invalid storage key/);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('keeps files private to the app user', async () => {
    const key = newStorageKey('pdf');
    await store.put(key, Buffer.from('%PDF-'));
    const mode = (await stat(join(root, 'files', key))).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});
