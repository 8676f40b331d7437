import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../test/s3-server';
import type { S3Settings } from './config';
import { AppError } from './errors';
import {
  type FileStore,
  isStorageKey,
  LocalFileStore,
  newStorageKey,
  StoredFileTooLarge,
} from './file-store';
import { S3FileStore } from './s3-file-store';

const MiB = 1024 * 1024;

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every file under dir, relative, including dot files. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/** `count` chunks of `size` random bytes, as an upload arrives. */
function randomChunks(count: number, size: number): { chunks: Buffer[]; whole: Buffer } {
  const chunks = Array.from({ length: count }, () => randomBytes(size));
  return { chunks, whole: Buffer.concat(chunks) };
}

async function* yieldAll(chunks: Buffer[]) {
  for (const chunk of chunks) yield chunk;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

type Harness = { store: FileStore; close: () => Promise<void> };

/** One s3rver for the file (it takes seconds to start on a busy machine), a bucket per test. */
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => s3?.stop());

/**
 * Both stores answer the same suite. The S3 one runs against s3rver on a random port,
 * with 5 MiB parts (S3's minimum) and 2-key list pages so multipart uploads and
 * ListObjectsV2 paging are reached with small files.
 */
const implementations: [string, () => Promise<Harness>][] = [
  [
    'LocalFileStore',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'file-store-'));
      return {
        store: new LocalFileStore(join(root, 'files')),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3FileStore (s3rver)',
    async () => {
      const store = new S3FileStore(await s3.newBucket(), { partBytes: 5 * MiB, listPageSize: 2 });
      return { store, close: async () => store.destroy() };
    },
  ],
];

describe.each(implementations)('%s', (_name, make) => {
  let harness: Harness;
  let store: FileStore;

  beforeEach(async () => {
    harness = await make();
    store = harness.store;
  });
  afterEach(async () => harness.close());

  it('puts, stats, reads and deletes a file', async () => {
    const key = newStorageKey('txt');
    const bytes = new TextEncoder().encode('hello, classroom');
    await store.put(key, bytes);

    expect(await store.stat(key)).toEqual({ size: bytes.length });
    expect((await store.read(key)).toString()).toBe('hello, classroom');

    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
  });

  it('stores an empty file', async () => {
    const key = newStorageKey('bin');
    await store.put(key, new Uint8Array());
    expect(await store.stat(key)).toEqual({ size: 0 });
    expect((await store.read(key)).length).toBe(0);
  });

  it('replaces a file whole when the same key is put again', async () => {
    const key = newStorageKey('bin');
    await store.put(key, Buffer.alloc(1000, 1));
    await store.put(key, Buffer.from([7, 8, 9]));
    expect([...(await store.read(key))]).toEqual([7, 8, 9]);
  });

  it('streams the whole file or an inclusive byte range', async () => {
    const key = newStorageKey('bin');
    await store.put(key, Buffer.from('0123456789'));
    expect((await collect(store.createReadStream(key))).toString()).toBe('0123456789');
    const part = async (start: number, end: number) =>
      (await collect(store.createReadStream(key, { start, end }))).toString();
    expect(await part(2, 5)).toBe('2345');
    expect(await part(0, 0)).toBe('0');
    expect(await part(9, 9)).toBe('9');
    expect(await part(0, 9)).toBe('0123456789');
    expect(() => store.createReadStream(key, { start: 5, end: 2 })).toThrow(/Invalid byte range/);
    expect(() => store.createReadStream(key, { start: -1, end: 2 })).toThrow(/Invalid byte range/);
    expect(() => store.createReadStream(key, { start: 0.5, end: 2 })).toThrow(/Invalid byte range/);
  });

  it('treats a missing file as null on stat, 404 on read, and not an error on delete', async () => {
    const key = newStorageKey('pdf');
    expect(await store.stat(key)).toBeNull();
    const error = await store.read(key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(404);
    expect((error as AppError).code).toBe('file_not_found');
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(collect(store.createReadStream(key))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(collect(store.createReadStream(key, { start: 0, end: 3 }))).rejects.toMatchObject({
      code: 'ENOENT',
    });
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
      await expect(store.putStream(key, yieldAll([Buffer.from('x')])), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(store.read(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.stat(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(key), key).rejects.toThrow(/Invalid storage key/);
      expect(() => store.createReadStream(key), key).toThrow(/Invalid storage key/);
    }
    expect(await store.keysWrittenBefore(new Date(Date.now() + 60_000))).toEqual([]);
  });

  it('lists the keys last written before a date, and only those', async () => {
    const older = [newStorageKey('pdf'), newStorageKey('pdf'), newStorageKey('mp3')];
    for (const key of older) await store.put(key, Buffer.from('old'));
    // A file's time has sub-millisecond precision and a Date has not: a cut-off taken in the
    // millisecond of the last write would come before it. S3 keeps LastModified to the
    // second: the cut-off and the newer file are a second apart.
    await sleep(5);
    const cutOff = new Date();
    await sleep(1100);
    const newer = newStorageKey('pdf');
    await store.put(newer, Buffer.from('new'));

    expect((await store.keysWrittenBefore(cutOff)).sort()).toEqual([...older].sort());
    expect((await store.keysWrittenBefore(new Date(Date.now() + 60_000))).sort()).toEqual(
      [...older, newer].sort(),
    );
    expect(await store.keysWrittenBefore(new Date(Date.now() - 60_000))).toEqual([]);
  });

  it('stores a large stream in pieces, whole and with the right size and hash', async () => {
    // 21 MiB in 1 MiB chunks: more than the upload limit, and five S3 parts.
    const { chunks, whole } = randomChunks(21, MiB);
    const key = newStorageKey('mp4');
    const stored = await store.putStream(key, yieldAll(chunks));
    expect(stored).toEqual({
      size: whole.length,
      sha256: createHash('sha256').update(whole).digest('hex'),
    });
    expect(await store.stat(key)).toEqual({ size: whole.length });
    expect((await store.read(key)).equals(whole)).toBe(true);
    // A range across the boundary of the first two 5 MiB parts, and the very last byte.
    const across = await collect(
      store.createReadStream(key, { start: 5 * MiB - 10, end: 5 * MiB + 9 }),
    );
    expect(across.equals(whole.subarray(5 * MiB - 10, 5 * MiB + 10))).toBe(true);
    const last = await collect(
      store.createReadStream(key, { start: whole.length - 1, end: whole.length - 1 }),
    );
    expect([...last]).toEqual([whole[whole.length - 1]]);
  });

  it('stores a short stream and text chunks too', async () => {
    const key = newStorageKey('txt');
    const stored = await store.putStream(key, yieldAll([Buffer.from('ab'), Buffer.from('cd')]));
    expect(stored.size).toBe(4);
    expect((await store.read(key)).toString()).toBe('abcd');
  });

  it('stores nothing, and says so, when a stream passes maxBytes', async () => {
    const key = newStorageKey('bin');
    const { chunks } = randomChunks(7, MiB);
    const error = await store
      .putStream(key, yieldAll(chunks), { maxBytes: 6 * MiB })
      .catch((e) => e);
    expect(error).toBeInstanceOf(StoredFileTooLarge);
    expect(await store.stat(key)).toBeNull();
    // Exactly at the limit is fine.
    const exact = await store.putStream(key, yieldAll(chunks.slice(0, 6)), { maxBytes: 6 * MiB });
    expect(exact.size).toBe(6 * MiB);
  });

  it('stores nothing when the stream fails part-way', async () => {
    const key = newStorageKey('bin');
    async function* failing() {
      yield randomBytes(6 * MiB);
      throw new Error('connection reset');
    }
    await expect(store.putStream(key, failing())).rejects.toThrow('connection reset');
    expect(await store.stat(key)).toBeNull();
    expect(await store.keysWrittenBefore(new Date(Date.now() + 60_000))).toEqual([]);
  });

  it('keeps the old file readable until a streamed replacement is complete', async () => {
    const key = newStorageKey('bin');
    await store.put(key, Buffer.from('old'));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const replacement = randomBytes(6 * MiB);
    async function* slow() {
      // More than one S3 part, so the S3 store is mid multipart upload while we read.
      yield replacement.subarray(0, 5 * MiB + 1);
      await released;
      yield replacement.subarray(5 * MiB + 1);
    }
    const writing = store.putStream(key, slow());
    await sleep(300);
    expect((await store.read(key)).toString()).toBe('old');
    expect(await store.stat(key)).toEqual({ size: 3 });
    release();
    await writing;
    expect((await store.read(key)).equals(replacement)).toBe(true);
  });
});

describe('LocalFileStore on disk', () => {
  let root: string;
  let store: LocalFileStore;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'file-store-'));
    store = new LocalFileStore(join(root, 'files'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('leaves no temp file behind, whether a write succeeds or fails', async () => {
    const key = newStorageKey('txt');
    await store.put(key, Buffer.from('x'));
    await store.putStream(newStorageKey('txt'), yieldAll([Buffer.from('y')]));
    await store
      .putStream(newStorageKey('txt'), yieldAll([Buffer.alloc(10)]), { maxBytes: 5 })
      .catch(() => undefined);
    const files = await listFiles(join(root, 'files'));
    expect(files).toHaveLength(2);
    expect(files.every(isStorageKey)).toBe(true);
  });

  it('keeps files private to the app user', async () => {
    const key = newStorageKey('pdf');
    await store.put(key, Buffer.from('%PDF-'));
    const streamed = newStorageKey('pdf');
    await store.putStream(streamed, yieldAll([Buffer.from('%PDF-')]));
    for (const k of [key, streamed]) {
      expect((await stat(join(root, 'files', k))).mode & 0o777).toBe(0o600);
    }
  });

  it('removes temp files abandoned before the date, not newer ones', async () => {
    const dir = join(root, 'files', '2026', '11');
    await store.put(`2026/11/${'a'.repeat(32)}.pdf`, Buffer.from('kept'));
    const stale = join(dir, `.${'1'.repeat(16)}.tmp`);
    const fresh = join(dir, `.${'2'.repeat(16)}.tmp`);
    await writeFile(stale, 'half');
    await writeFile(fresh, 'half');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await utimes(stale, twoDaysAgo, twoDaysAgo);
    expect(await store.removeTemporaryFilesBefore(new Date(Date.now() - 86_400_000))).toBe(1);
    expect((await listFiles(join(root, 'files'))).sort()).toEqual(
      [`2026/11/${'a'.repeat(32)}.pdf`, `2026/11/.${'2'.repeat(16)}.tmp`].sort(),
    );
  });
});

describe('S3FileStore beside other objects', () => {
  let settings: S3Settings;
  let store: S3FileStore;
  let client: S3Client;

  beforeEach(async () => {
    settings = await s3.newBucket();
    store = new S3FileStore(settings, { listPageSize: 3 });
    client = new S3Client({ ...settings, region: 'us-east-1' });
  });
  afterEach(async () => {
    store.destroy();
    client.destroy();
  });

  it('never lists objects that are not its keys, across list pages', async () => {
    const ours = Array.from({ length: 7 }, () => newStorageKey('pdf'));
    for (const key of ours) await store.put(key, Buffer.from('x'));
    for (const Key of ['backups/db.sql', '2026/11/readme.txt', 'zzz']) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key, Body: 'not ours' }));
    }
    expect((await store.keysWrittenBefore(new Date(Date.now() + 60_000))).sort()).toEqual(
      ours.sort(),
    );
  });

  it('reports a bucket it cannot use by name, without the credentials', async () => {
    await expect(store.checkReachable()).resolves.toBeUndefined();
    const wrong = new S3FileStore({ ...settings, bucket: 'no-such-bucket' });
    const error = await wrong.checkReachable().catch((e: Error) => e);
    wrong.destroy();
    expect(String(error)).toContain(
      'S3 bucket "no-such-bucket" is not usable: the bucket does not exist',
    );
    const badKey = new S3FileStore({
      ...settings,
      // s3rver does not verify V4 signatures, so a wrong secret alone would pass there.
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong-secret-value' },
    });
    const denied = await badKey.checkReachable().catch((e: Error) => e);
    badKey.destroy();
    expect(String(denied)).toContain(`S3 bucket "${settings.bucket}" is not usable: access denied`);
    expect(String(denied)).not.toContain('wrong-secret-value');
  });

  it('has no abandoned multipart uploads to sweep on a store that cannot list them', async () => {
    // s3rver answers ListMultipartUploads with NotImplemented; AWS, MinIO and Ceph list them.
    expect(await store.removeTemporaryFilesBefore(new Date())).toBe(0);
  });
});
