import { createHash } from 'node:crypto';
import { loadSharp } from '../../lib/sharp-when-used.ts';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

/** The type from the file's first bytes (its magic number), never from its name. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** §9: images are fetched at 300x300 and 800x800. */
export const AVATAR_SIZES = [300, 800] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

export type EncodedAvatar = { name: string; files: { size: AvatarSize; bytes: Buffer }[] };

/**
 * Decodes the image and encodes it again as square WebP files. Only pixels survive: sharp
 * writes no EXIF, ICC, XMP or comment unless asked, and whatever else the upload carried
 * (an HTML or script tail, a second format) is not in the new file. The first frame only, and
 * at most 40 megapixels decoded, so a decompression bomb is refused rather than swallowed.
 * The name is the hash of the result, so a URL never changes meaning and can be cached forever.
 */
export async function encodeAvatar(bytes: Buffer): Promise<EncodedAvatar | null> {
  try {
    const files = await Promise.all(
      AVATAR_SIZES.map(async (size) => ({
        size,
        bytes: await loadSharp()(bytes, { animated: false, limitInputPixels: 40_000_000, failOn: 'error' })
          .rotate() // applies the EXIF orientation before the EXIF is dropped
          .resize(size, size, { fit: 'cover' })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
    const hash = createHash('sha256');
    for (const f of files) hash.update(f.bytes);
    return { name: hash.digest('hex').slice(0, 32), files };
  } catch {
    return null;
  }
}

export const avatarObjectKey = (name: string, size: AvatarSize) => `avatars/${name}-${size}.webp`;

/** The public URL of a stored avatar (users.avatar holds the content name). */
export function avatarUrl(name: string | null | undefined, size: AvatarSize = 300): string | null {
  return name ? `/api/account/avatars/${name}-${size}.webp` : null;
}
