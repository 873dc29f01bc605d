import { z } from 'zod';
import { UserSchema, UsernameSchema } from './accounts.ts';

/** §5 and §9: an avatar is at most 1 MB, and its name must say jpeg, jpe, jpg, gif, png or webp. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_EXTENSIONS = ['jpeg', 'jpe', 'jpg', 'gif', 'png', 'webp'] as const;
/** The `accept` of the upload input: the same list as extensions and types. */
export const AVATAR_ACCEPT = '.jpeg,.jpe,.jpg,.gif,.png,.webp,image/jpeg,image/png,image/gif,image/webp';
export const AVATAR_TOO_LARGE = 'Image size less than 1MB!';
export const AVATAR_WRONG_TYPE = 'You can only upload JPG, JPEG, JPE, PNG, GIF or WebP images.';
export const USERNAME_REQUIRED = 'Please enter username';

/** The client-side check (§5, judged by name); the server judges the bytes. */
export function avatarNameAllowed(fileName: string): boolean {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (AVATAR_EXTENSIONS as readonly string[]).includes(ext ?? '');
}

/** An upload key as sign_url hands it out. */
export const AvatarUploadKeySchema = z
  .string({ error: 'No such upload.' })
  .regex(/^avatar-uploads\/[0-9a-f]{32}$/, { error: 'No such upload.' });

export const AvatarSignUrlBodySchema = z.strictObject({
  file_name: z
    .string({ error: 'Please choose an image.' })
    .min(1, { error: 'Please choose an image.' })
    .max(255, { error: 'The file name is too long.' })
    .refine(avatarNameAllowed, { error: AVATAR_WRONG_TYPE }),
});

export const AvatarSignUrlResponseSchema = z.object({
  error: z.literal(false),
  /** PUT the file's bytes here (relative to the site on the embedded storage, absolute for S3) */
  url: z.string(),
  key: z.string(),
  /** when the URL stops working (ISO 8601) */
  expires_at: z.string(),
});
export type AvatarSignUrlResponse = z.infer<typeof AvatarSignUrlResponseSchema>;

export const AvatarBodySchema = z.strictObject({ key: AvatarUploadKeySchema });

/** change_avatar: a new upload's key replaces the avatar; null removes it. */
export const ChangeAvatarBodySchema = z.strictObject({ key: AvatarUploadKeySchema.nullable() });

export const AvatarResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  /** the 300x300 avatar's URL, null when there is none */
  avatar: z.string().nullable(),
});
export type AvatarResponse = z.infer<typeof AvatarResponseSchema>;

export const ChangeProfileBodySchema = z.strictObject({
  username: z
    .string({ error: USERNAME_REQUIRED })
    .trim()
    .min(1, { error: USERNAME_REQUIRED })
    .pipe(UsernameSchema),
  /** an upload key to make the avatar, or the current avatar's URL (or nothing) to keep it */
  avatar: z.string().max(512).nullish(),
});
export type ChangeProfileBody = z.infer<typeof ChangeProfileBodySchema>;

export const ChangeProfileResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  user: UserSchema,
});
export type ChangeProfileResponse = z.infer<typeof ChangeProfileResponseSchema>;

export const AvatarFileParamsSchema = z.object({ name: z.string().max(64) });
export const AvatarUploadQuerySchema = z.object({
  key: z.string().max(128),
  expires: z.coerce.number().int(),
  sig: z.string().max(128),
});
