import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertKey, type ObjectStorage } from './object-storage.ts';

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
  private readonly client: S3Client;

  constructor(private readonly s: S3Settings) {
    this.client = new S3Client({
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
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.s.bucket, Key: assertKey(key) }), { expiresIn });
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null | 'too-large'> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: assertKey(key) }));
      if ((head.ContentLength ?? 0) > maxBytes) return 'too-large';
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: key }));
      const bytes = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
      // The object may have been replaced between the two calls: the size is checked again.
      return bytes.length > maxBytes ? 'too-large' : bytes;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.s.bucket, Key: assertKey(key), Body: bytes, ContentType: contentType }));
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: assertKey(key) }));
  }
}
