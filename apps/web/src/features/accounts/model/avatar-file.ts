import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, AVATAR_WRONG_TYPE, avatarNameAllowed } from '@starport/schemas';

/** The client's check before any upload (§5: by name, and 1 MB); the server judges the bytes. */
export function avatarFileError(file: { name: string; size: number }): string | null {
  if (!avatarNameAllowed(file.name)) return AVATAR_WRONG_TYPE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE;
  return null;
}
