import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Converted images on disk, one file per path and size. Best effort: a read or write that
 * fails is a miss, never an error for the player.
 *
 * Every seed is a valid ship, so anyone can ask for billions of distinct images; past
 * `maxFiles` new images are still served but no longer stored, so the disk cannot be filled.
 */
export class ArtDiskCache {
  private files: Promise<number> | undefined;

  constructor(
    private readonly dir: string,
    private readonly maxFiles: number,
  ) {}

  /** `name` is built from a parsed request (digits, dashes, letters), never from raw input. */
  fileFor(kind: string, name: string): string {
    return path.join(this.dir, kind, `${name}.webp`);
  }

  async read(file: string): Promise<Buffer | undefined> {
    try {
      return await readFile(file);
    } catch {
      return undefined;
    }
  }

  /**
   * Writes through a temp file and a rename: rename is atomic on one file system, so a
   * concurrent reader (another request, another process) sees no file or the whole file.
   * Returns false when the file was not stored.
   */
  async write(file: string, bytes: Buffer): Promise<boolean> {
    if ((await this.count()) >= this.maxFiles) return false;
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      this.files = this.files?.then((n) => n + 1);
      return true;
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  /** Counted once, on first write, from what earlier runs left on disk. */
  private count(): Promise<number> {
    this.files ??= readdir(this.dir, { recursive: true })
      .then((names) => names.filter((name) => String(name).endsWith('.webp')).length)
      .catch(() => 0);
    return this.files;
  }
}
