import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../platform/config';

/** s3rver's built-in account; it checks request signatures against it. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** What S3FileStore takes. */
  settings: S3Settings;
  /** The same store as environment variables, for loadConfig. */
  env: Record<string, string>;
  /** Creates another, empty bucket on the same server (one per test, without a restart). */
  newBucket: () => Promise<S3Settings>;
  stop: () => Promise<void>;
};

/**
 * An S3-compatible server (s3rver, in a child process) on a free port of 127.0.0.1,
 * storing under a fresh temp directory, with the bucket already created. stop() ends it
 * and removes its files.
 */
export async function startLocalS3({ bucket = 'classroom-voice-test' } = {}): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'cv-s3-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      join(import.meta.dirname, 's3rver-process.cjs'),
      directory,
      bucket,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settingsFor = (name: string): S3Settings => ({
    bucket: name,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    settings: settingsFor(bucket),
    newBucket: async () => {
      const settings = settingsFor(`test-${randomBytes(6).toString('hex')}`);
      const client = new S3Client({ ...settings, region: 'us-east-1' });
      try {
        await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
      } finally {
        client.destroy();
      }
      return settings;
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
