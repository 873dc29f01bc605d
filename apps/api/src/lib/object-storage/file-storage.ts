import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertKey, type ObjectStorage } from './object-storage.ts';
import { signUpload } from './upload-signature.ts';

/** The PUT route of our own server that receives embedded uploads (modules/accounts avatar routes). */
export const EMBEDDED_UPLOAD_PATH = '/api/account/avatar/upload';

/** Files under DATA_DIR/objects; uploads go to our own PUT route behind a signed URL. */
export class FileStorage implements ObjectStorage {
  readonly kind = 'file' as const;

  constructor(
    private readonly root: string,
    private readonly signingKey: Buffer,
  ) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...assertKey(key).split('/'));
  }

  /** Relative to our own origin, so it works whatever host the browser reached us by. */
  async uploadUrl(key: string, expiresAt: Date): Promise<string> {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const q = new URLSearchParams({ key: assertKey(key), expires: String(expires), sig: signUpload(this.signingKey, key, expires) });
    return `${EMBEDDED_UPLOAD_PATH}?${q.toString()}`;
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null | 'too-large'> {
    let file;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      if ((await file.stat()).size > maxBytes) return 'too-large';
      return await file.readFile();
    } finally {
      await file.close();
    }
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async write(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temp, bytes);
    await rename(temp, target);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
