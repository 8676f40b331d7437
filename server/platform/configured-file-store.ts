import { join } from 'node:path';
import type { Config } from './config';
import { type FileStore, LocalFileStore } from './file-store';

/**
 * S3 when S3_BUCKET is set (several instances share it), the data directory otherwise.
 * The S3 store is imported only then: the AWS SDK costs ~20 MiB resident, which the
 * embedded default would carry for nothing (decision 0032: idle memory).
 */
export async function openFileStore(config: Config): Promise<FileStore> {
  if (!config.s3) return new LocalFileStore(join(config.dataDir, 'files'));
  const { S3FileStore } = await import('./s3-file-store');
  return new S3FileStore(config.s3);
}
