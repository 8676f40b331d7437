/**
 * Heavy libraries loaded on first use, not at start (decision 0032: idle memory). Most
 * requests never touch an image or a zip, and each of these costs tens of MiB resident
 * once imported. Each loader imports once and hands back the same module afterwards.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error) => {
      // A failed import (a missing native binary) is retried next time, not cached.
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

export const loadSharp = once(async () => (await import('sharp')).default);
export const loadPdfLib = once(() => import('pdf-lib'));
/** PostgreSQL's driver: the embedded database (PGlite) never needs it. */
export const loadPg = once(async () => (await import('pg')).default);
export const loadFileType = once(() => import('file-type'));
export const loadYauzl = once(async () => (await import('yauzl')).default);
export const loadNodemailer = once(async () => (await import('nodemailer')).default);
