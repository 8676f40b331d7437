import { join } from 'node:path';
import type { Config } from '../config';
import { type FileStore, LocalFileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

/** S3 when S3_BUCKET is set (several instances share it), the data directory otherwise. */
export function fileStoreFor(config: Config): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(join(config.dataDir, 'files'));
}
