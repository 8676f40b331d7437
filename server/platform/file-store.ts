import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { notFound } from './errors';

/**
 * Where uploaded files live. Keys are chosen by the server (newStorageKey), never
 * taken from a request, so a key is an opaque name and not a path anyone can steer.
 */
export interface FileStore {
  /** Stores the bytes under the key atomically: readers see the old file or the whole new one. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores a stream under the key, as atomically as put: nothing is visible under the key
   * until the whole stream has been written. More than maxBytes (when given) fails with
   * StoredFileTooLarge and stores nothing. Answers the size and SHA-256 of what was stored.
   */
  putStream(
    key: string,
    source: ByteSource,
    options?: { maxBytes?: number },
  ): Promise<StoredStream>;
  /** The whole file; a missing key is a 404 `file_not_found`. */
  read(key: string): Promise<Buffer>;
  /** null when there is no file under the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * A stream of the file, or of the inclusive byte range (as in an HTTP Range header).
   * A missing key surfaces as an 'error' event: call stat() first to answer 404/416.
   */
  createReadStream(key: string, range?: { start: number; end: number }): NodeJS.ReadableStream;
  /** Removes the file; a key with no file is not an error (deletes are retried after crashes). */
  delete(key: string): Promise<void>;
  /** Every stored key last written before `before` (for housekeeping's orphan sweep). */
  keysWrittenBefore(before: Date): Promise<string[]>;
  /**
   * Removes half-written temporary files (a process killed inside put) last touched
   * before `before`; a put in progress touches its file, so it is never removed.
   */
  removeTemporaryFilesBefore(before: Date): Promise<number>;
  /** Fails, naming what is wrong, when a remote store cannot be used (checked at start). */
  checkReachable?(): Promise<void>;
  /** Lets go of open connections so the process can exit. */
  destroy?(): void;
}

/** Node streams and async generators of bytes alike. */
export type ByteSource = AsyncIterable<Uint8Array | string>;

export type StoredStream = { size: number; sha256: string };

/** putStream was given more than its maxBytes; nothing was stored. */
export class StoredFileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The stream is larger than ${maxBytes} bytes`);
    this.name = 'StoredFileTooLarge';
  }
}

/**
 * Hashes and counts a stream's chunks on their way through, failing once it is over
 * maxBytes. Shared by both stores so they answer the same size, hash and error.
 */
export async function* measured(
  source: ByteSource,
  totals: { size: number; hash: ReturnType<typeof createHash> },
  maxBytes: number | undefined,
): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    totals.size += bytes.length;
    if (maxBytes !== undefined && totals.size > maxBytes) throw new StoredFileTooLarge(maxBytes);
    totals.hash.update(bytes);
    yield bytes;
  }
}

export function newTotals() {
  return { size: 0, hash: createHash('sha256') };
}

/** YYYY/MM/<128 random bits in hex>.<ext>: the only shape a store accepts. */
const KEY_SHAPE = /^\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;
const EXTENSION_SHAPE = /^[a-z0-9]{1,8}$/;

/**
 * A fresh key for a file with the given extension (without the dot). Year and month
 * folders keep directories small and make old files easy to find by age.
 */
export function newStorageKey(extension: string, now: Date = new Date()): string {
  const ext = extension.replace(/^\./, '').toLowerCase();
  if (!EXTENSION_SHAPE.test(ext))
    throw new Error(`Invalid file extension for storage: ${extension}`);
  const year = String(now.getUTCFullYear()).padStart(4, '0');
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${year}/${month}/${randomBytes(16).toString('hex')}.${ext}`;
}

export function isStorageKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

/** Files on local disk under rootDir (the app passes DATA_DIR/files). */
export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.writeAtomically(key, (handle) => handle.writeFile(bytes));
  }

  async putStream(
    key: string,
    source: ByteSource,
    options: { maxBytes?: number } = {},
  ): Promise<StoredStream> {
    const totals = newTotals();
    await this.writeAtomically(key, async (handle) => {
      // Written chunk by chunk, so the file's mtime moves while it is written and a
      // long upload's temp file is never taken for an abandoned one.
      for await (const chunk of measured(source, totals, options.maxBytes)) {
        await handle.write(chunk);
      }
    });
    return { size: totals.size, sha256: totals.hash.digest('hex') };
  }

  /** Writes a temp file beside the target, syncs it, then renames it over the target. */
  private async writeAtomically(
    key: string,
    write: (handle: fs.FileHandle) => Promise<unknown>,
  ): Promise<void> {
    const target = this.pathOf(key);
    const dir = dirname(target);
    // Pupils' work: readable by the app's user only.
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    // Same directory as the target, so the rename cannot cross file systems and stays
    // atomic. The leading dot keeps it from ever matching the key shape.
    const temp = join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await write(handle);
        // Without fsync a crash after the rename could leave the key pointing at an
        // empty or partial file: the rename may reach the disk before the data.
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(dir);
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) throw notFound('File not found', 'file_not_found');
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const stats = await fs.stat(this.pathOf(key));
      return stats.isFile() ? { size: stats.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  createReadStream(key: string, range?: { start: number; end: number }): NodeJS.ReadableStream {
    const path = this.pathOf(key);
    if (!range) return createReadStream(path);
    const { start, end } = range;
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
      throw new Error(`Invalid byte range ${start}-${end}`);
    }
    return createReadStream(path, { start, end });
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async keysWrittenBefore(before: Date): Promise<string[]> {
    const keys: string[] = [];
    for (const { name, relative, modified } of await this.walk()) {
      if (isStorageKey(relative) && modified < before.getTime() && !name.startsWith('.')) {
        keys.push(relative);
      }
    }
    return keys;
  }

  async removeTemporaryFilesBefore(before: Date): Promise<number> {
    let removed = 0;
    for (const { name, relative, modified } of await this.walk()) {
      if (TEMP_NAME.test(name) && modified < before.getTime()) {
        await fs.rm(join(this.root, relative), { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** The files in the year/month folders: nothing else is ever written here. */
  private async walk(): Promise<{ name: string; relative: string; modified: number }[]> {
    const found: { name: string; relative: string; modified: number }[] = [];
    for (const year of await listDir(this.root)) {
      if (!/^\d{4}$/.test(year)) continue;
      for (const month of await listDir(join(this.root, year))) {
        if (!/^(0[1-9]|1[0-2])$/.test(month)) continue;
        for (const name of await listDir(join(this.root, year, month))) {
          const relative = `${year}/${month}/${name}`;
          const stats = await fs.stat(join(this.root, relative)).catch(() => null);
          if (stats?.isFile()) found.push({ name, relative, modified: stats.mtimeMs });
        }
      }
    }
    return found;
  }

  /** The key shape admits no '..', no absolute path and no backslash, so the path stays under root. */
  private pathOf(key: string): string {
    if (typeof key !== 'string' || !KEY_SHAPE.test(key)) {
      throw new Error('Invalid storage key');
    }
    return join(this.root, key);
  }
}

/** Makes a rename durable. Some platforms cannot fsync a directory; that is not fatal. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows and some network file systems refuse this; the data itself is synced.
  } finally {
    await handle?.close();
  }
}

/** The temporary names put() writes before its rename. */
const TEMP_NAME = /^\.[0-9a-f]{16}\.tmp$/;

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
