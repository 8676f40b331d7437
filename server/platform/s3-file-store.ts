import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
  type UploadPartCommandOutput,
} from '@aws-sdk/client-s3';
import type { S3Settings } from './config';
import { notFound } from './errors';
import {
  type ByteSource,
  type FileStore,
  isStorageKey,
  measured,
  newTotals,
  type StoredStream,
} from './file-store';
import {
  errorName,
  exactly,
  FIRST_BYTE_TIMEOUT_MS,
  httpStatus,
  isMissing,
  STREAMING_TIMEOUTS,
  STRICT_TIMEOUTS,
  sendToStore,
} from './s3-requests';

/** S3 refuses parts under 5 MiB (except the last); 8 MiB keeps memory per upload small. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

/**
 * Files as objects in one bucket of an S3-compatible store (AWS S3, MinIO, Ceph, R2...),
 * under the same keys LocalFileStore uses as paths. Every write is atomic by S3's own
 * rule: an object appears whole when its PUT (or multipart completion) succeeds.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  /** For downloads streamed to a browser, which may pause (see s3-requests.ts). */
  private readonly streamingClient: S3Client;
  private readonly bucket: string;
  /** Named in messages: the endpoint of a self-hosted store, or AWS and the region. */
  private readonly store: string;
  private readonly partBytes: number;
  private readonly listPageSize: number;

  constructor(
    settings: S3Settings,
    /** Smaller parts and pages let tests reach multipart uploads and list paging cheaply. */
    tuning: { partBytes?: number; listPageSize?: number } = {},
  ) {
    this.bucket = settings.bucket;
    this.store = settings.endpoint ?? `AWS S3 (${settings.region})`;
    this.partBytes = Math.max(MIN_PART_BYTES, tuning.partBytes ?? DEFAULT_PART_BYTES);
    this.listPageSize = tuning.listPageSize ?? 1000;
    const common: S3ClientConfig = {
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Unset: the SDK's default chain (environment, profile, instance or task role).
      credentials: settings.credentials,
      // Self-hosted stores often reject the SDK's newer default checksums (trailing
      // CRC32 headers); against AWS itself they stay on.
      ...(settings.endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : {}),
    };
    this.client = new S3Client({ ...common, ...STRICT_TIMEOUTS });
    this.streamingClient = new S3Client({ ...common, ...STREAMING_TIMEOUTS });
  }

  /** A command on the strict client, its failure sorted (see sendToStore). */
  private send<T>(operation: string, command: unknown): Promise<T> {
    return sendToStore<T>(this.client, command, { operation, store: this.store });
  }

  /**
   * Fails with one sentence that names the bucket and the store, says why and what to do
   * (never the credentials): the fault is in the settings or the store, and the process
   * that starts with it stops there.
   */
  async checkReachable(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = httpStatus(error);
      const why =
        status === 404
          ? `the bucket does not exist at ${this.store} (this app never creates one: create it with the store’s own tool, then start again)`
          : status === 403
            ? `access denied at ${this.store} (check the credentials and the bucket policy)`
            : status === undefined
              ? `${this.store} cannot be reached (${(error as { message?: string }).message ?? errorName(error)})`
              : `${this.store} answered ${status} ${errorName(error)}`;
      throw new Error(`S3 bucket "${this.bucket}" is not usable: ${why}`);
    }
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    checkKey(key);
    await this.send(
      'write',
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  /**
   * A stream shorter than one part is one PUT. A longer one becomes a multipart upload
   * of fixed-size parts, so memory stays at one part however large the file; the object
   * only appears when the upload is completed, and a failure aborts it.
   */
  async putStream(
    key: string,
    source: ByteSource,
    options: { maxBytes?: number } = {},
  ): Promise<StoredStream> {
    checkKey(key);
    const totals = newTotals();
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async (body: Buffer) => {
      uploadId ??= await this.startMultipart(key);
      const PartNumber = parts.length + 1;
      const { ETag } = await this.send<UploadPartCommandOutput>(
        'write',
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: body,
          ContentLength: body.length,
        }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const chunk of measured(source, totals, options.maxBytes)) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        while (pendingBytes >= this.partBytes) {
          const joined = Buffer.concat(pending);
          await sendPart(joined.subarray(0, this.partBytes));
          pending = [joined.subarray(this.partBytes)];
          pendingBytes = joined.length - this.partBytes;
        }
      }
      const rest = Buffer.concat(pending);
      if (uploadId === undefined) {
        await this.put(key, rest);
      } else {
        if (rest.length > 0) await sendPart(rest);
        await this.send(
          'write',
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
    } catch (error) {
      if (uploadId !== undefined) await this.abortMultipart(key, uploadId).catch(() => undefined);
      throw error;
    }
    return { size: totals.size, sha256: totals.hash.digest('hex') };
  }

  async read(key: string): Promise<Buffer> {
    checkKey(key);
    try {
      const answer = await this.send<{ Body?: unknown }>(
        'read',
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return Buffer.from(
        await (
          answer.Body as { transformToByteArray(): Promise<Uint8Array> }
        ).transformToByteArray(),
      );
    } catch (error) {
      if (isMissing(error)) throw notFound('File not found', 'file_not_found');
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    checkKey(key);
    try {
      const head = await this.send<{ ContentLength?: number }>(
        'stat',
        new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * Answers at once with a stream that the object's body flows into. Pipeline ties them:
   * a client that hangs up mid-download destroys the body and frees the connection.
   */
  createReadStream(key: string, range?: { start: number; end: number }): NodeJS.ReadableStream {
    checkKey(key);
    if (range) {
      const { start, end } = range;
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
        throw new Error(`Invalid byte range ${start}-${end}`);
      }
    }
    const out = new PassThrough();
    // A store that has not begun to answer within FIRST_BYTE_TIMEOUT_MS is given up on;
    // once it answers, the download may take as long as the browser does.
    const firstByte = new AbortController();
    const timer = setTimeout(() => firstByte.abort(), FIRST_BYTE_TIMEOUT_MS);
    sendToStore<{ Body?: unknown; ContentRange?: string }>(
      this.streamingClient,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
      { operation: 'read', store: this.store, abortSignal: firstByte.signal },
    )
      .finally(() => clearTimeout(timer))
      .then((answer) => {
        const body = answer.Body as Readable;
        if (!range) return pipeline(body, out, () => undefined);
        // HTTP lets a server ignore a Range (200, whole body), and s3rver misreads
        // bytes=0-0 as the whole object: the caller has promised its client exactly
        // end - start + 1 bytes, so that is what leaves here.
        const skip = answer.ContentRange ? 0 : range.start;
        pipeline(body, exactly(skip, range.end - range.start + 1), out, () => undefined);
      })
      .catch((error: unknown) => {
        out.destroy(
          isMissing(error)
            ? Object.assign(new Error('File not found'), { code: 'ENOENT' })
            : (error as Error),
        );
      });
    return out;
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    // S3 answers 204 for a key with no object, which is what a retried delete needs.
    await this.send('delete', new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async keysWrittenBefore(before: Date): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.send<{
        Contents?: { Key?: string; LastModified?: Date }[];
        IsTruncated?: boolean;
        NextContinuationToken?: string;
      }>(
        'list',
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ContinuationToken,
          MaxKeys: this.listPageSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        // Anything else in the bucket (another app's objects) is never this store's to sweep.
        if (
          object.Key &&
          isStorageKey(object.Key) &&
          object.LastModified &&
          object.LastModified < before
        ) {
          keys.push(object.Key);
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  /**
   * The S3 counterpart of a half-written temp file is a multipart upload that was never
   * completed or aborted (a process killed mid-upload): its parts are billed and hidden.
   * Stores that cannot list uploads (NotImplemented) have nothing this can reach; a
   * bucket lifecycle rule (AbortIncompleteMultipartUpload) covers them, and 0 is reported.
   */
  async removeTemporaryFilesBefore(before: Date): Promise<number> {
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.send<ListMultipartUploadsCommandOutput>(
          'list',
          new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker, UploadIdMarker }),
        );
      } catch (error) {
        if (errorName(error) === 'NotImplemented') return removed;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        const { Key, UploadId, Initiated } = upload;
        if (!Key || !UploadId || !isStorageKey(Key) || !Initiated || Initiated >= before) continue;
        await this.abortMultipart(Key, UploadId);
        removed += 1;
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
    return removed;
  }

  /** Closes the client's pooled connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
    this.streamingClient.destroy();
  }

  private async startMultipart(key: string): Promise<string> {
    const { UploadId } = await this.send<{ UploadId?: string }>(
      'write',
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: 'application/octet-stream',
      }),
    );
    if (!UploadId) throw new Error('The S3 store started a multipart upload without an id');
    return UploadId;
  }

  private async abortMultipart(key: string, uploadId: string): Promise<void> {
    await this.send(
      'delete',
      new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
    );
  }
}

/** The same keys, and the same refusal, as LocalFileStore: a store never names a key itself. */
function checkKey(key: string): void {
  if (typeof key !== 'string' || !isStorageKey(key)) throw new Error('Invalid storage key');
}
