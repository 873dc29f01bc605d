import path from 'node:path';
import { FileStorage } from './file-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3Storage, type S3Settings } from './s3-storage.ts';
import { uploadSigningKey } from './upload-signature.ts';

export { EMBEDDED_UPLOAD_PATH, FileStorage } from './file-storage.ts';
export type { ObjectStorage } from './object-storage.ts';
export { S3Storage, type S3Settings } from './s3-storage.ts';
export { uploadSignatureValid, uploadSigningKey } from './upload-signature.ts';

/** S3 when it is configured, else files under DATA_DIR/objects signed with a key of our own. */
export function createObjectStorage(o: { dataDir: string; jwtSecret: Uint8Array; s3?: S3Settings | undefined }): ObjectStorage {
  return o.s3 ? new S3Storage(o.s3) : new FileStorage(path.join(o.dataDir, 'objects'), uploadSigningKey(o.jwtSecret));
}
