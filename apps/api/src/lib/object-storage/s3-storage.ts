import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import { loadWhenUsed } from '../load-when-used.ts';
import { assertKey, type ObjectStorage } from './object-storage.ts';

// The AWS SDK only when S3 is configured: the embedded default keeps objects in DATA_DIR.
const s3Sdk = loadWhenUsed<typeof S3Sdk>('@aws-sdk/client-s3');
const s3Presigner = loadWhenUsed<typeof S3Presigner>('@aws-sdk/s3-request-presigner');

export type S3Settings = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket through the AWS SDK: the browser PUTs to a presigned URL; the server
 * reads the object back to check it before anything is made of it.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Sdk.S3Client;
  private readonly sdk = s3Sdk();

  constructor(private readonly s: S3Settings) {
    this.client = new this.sdk.S3Client({
      region: s.region,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      forcePathStyle: s.forcePathStyle,
      // Checksums only when S3 demands them: a presigned PUT must not carry the checksum of an
      // empty body, and S3-compatible servers (MinIO, s3rver) do not all know the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    });
  }

  async uploadUrl(key: string, expiresAt: Date): Promise<string> {
    const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
    return s3Presigner().getSignedUrl(this.client, new this.sdk.PutObjectCommand({ Bucket: this.s.bucket, Key: assertKey(key) }), { expiresIn });
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null | 'too-large'> {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.s.bucket, Key: assertKey(key) }));
      if ((head.ContentLength ?? 0) > maxBytes) return 'too-large';
      const got = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.s.bucket, Key: key }));
      const bytes = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
      // The object may have been replaced between the two calls: the size is checked again.
      return bytes.length > maxBytes ? 'too-large' : bytes;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.s.bucket, Key: assertKey(key), Body: bytes, ContentType: contentType }));
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.s.bucket, Key: assertKey(key) }));
  }
}
