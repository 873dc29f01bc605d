import { createHash } from 'node:crypto';
import type { ImageSize } from '@starport/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { loadSharp } from '../../lib/sharp-when-used.ts';
import { AppError } from '../../lib/app-error.ts';
import { ArtDiskCache } from './art-cache.ts';
import { artName, type ArtRequest } from './art-key.ts';
import { renderArt } from './render-art.ts';
import { QueueFullError, Semaphore } from './semaphore.ts';
import { SIZE } from './svg.ts';

export type ArtImage = { body: Buffer; etag: string; type: 'image/webp' | 'image/svg+xml' };

export type ArtServiceOptions = {
  cacheDir: string;
  /** conversions running at once (default 2: the machine has 2 cores) */
  maxConcurrent?: number;
  /** conversions waiting before the answer is "busy" (default 64) */
  maxQueue?: number;
  /** files kept on disk at most (default 100 000, about 2 GB at the largest size) */
  maxCacheFiles?: number;
};

const WEBP_QUALITY = 82;

/** Renders art and serves it as WebP from the disk cache, converting each image once. */
export class ArtService {
  private readonly cache: ArtDiskCache;
  private readonly slots: Semaphore;
  /** Conversions under way, so ten requests for one new image convert it once. */
  private readonly inflight = new Map<string, Promise<Buffer>>();

  constructor(
    opts: ArtServiceOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.cache = new ArtDiskCache(opts.cacheDir, opts.maxCacheFiles ?? 100_000);
    this.slots = new Semaphore(opts.maxConcurrent ?? 2, opts.maxQueue ?? 64);
  }

  svg(req: ArtRequest): ArtImage {
    const body = Buffer.from(renderArt(req));
    return { body, etag: etagOf(body), type: 'image/svg+xml' };
  }

  async webp(req: ArtRequest, size: ImageSize): Promise<ArtImage> {
    const file = this.cache.fileFor(req.kind, `${artName(req)}-${size}`);
    const cached = await this.cache.read(file);
    const body = cached ?? (await this.convertOnce(file, req, size));
    return { body, etag: etagOf(body), type: 'image/webp' };
  }

  private convertOnce(file: string, req: ArtRequest, size: ImageSize): Promise<Buffer> {
    let job = this.inflight.get(file);
    if (!job) {
      job = this.convert(file, req, size).finally(() => this.inflight.delete(file));
      this.inflight.set(file, job);
    }
    return job;
  }

  private async convert(file: string, req: ArtRequest, size: ImageSize): Promise<Buffer> {
    const [width, height] = size.split('x').map(Number) as [number, number];
    const started = performance.now();
    let bytes: Buffer;
    try {
      bytes = await this.slots.run(() =>
        // Rasterise the SVG at the target size (density scales the 512 px viewBox) rather than
        // upscaling a 512 px bitmap, so 800 and 1200 px images stay sharp.
        loadSharp()(Buffer.from(renderArt(req)), { density: (72 * Math.max(width, height)) / SIZE })
          .resize(width, height)
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      );
    } catch (err) {
      if (err instanceof QueueFullError) {
        throw new AppError('RATE_LIMITED', 503, 'Pictures are busy right now. Please try again in a moment.', { 'retry-after': '1' });
      }
      throw err;
    }
    this.log.debug({ file, ms: Math.round(performance.now() - started) }, 'art converted');
    await this.cache.write(file, bytes).catch((err: unknown) => this.log.warn({ err, file }, 'art cache write failed'));
    return bytes;
  }
}

/** Content hash: the same bytes always get the same tag, across restarts and processes. */
const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
