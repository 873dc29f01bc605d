import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, type ChangeProfileBody, type User } from '@starport/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { uploadSignatureValid, type ObjectStorage } from '../../lib/object-storage/index.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import * as repo from './accounts.repo.ts';
import { toPublicUser } from './accounts.service.ts';
import { avatarObjectKey, avatarUrl, encodeAvatar, sniffImageType, type EncodedAvatar } from './avatar-image.ts';
import * as uploads from './avatar.repo.ts';
import type { AuthContext } from './sessions.service.ts';

/** How long a signed upload URL works. */
export const UPLOAD_URL_MINUTES = 10;
/** Upload URLs a player may ask for in an hour: each is a row and, until used, a stored file. */
export const UPLOADS_PER_HOUR = 30;

export const PROFILE_MESSAGES = {
  noUpload: 'No such upload. Please upload the image again.',
  notUploaded: 'The image has not been uploaded yet. Please upload it again.',
  uploadUsed: 'This upload has already been used. Please upload the image again.',
  linkInvalid: 'This upload link is invalid or has expired. Please upload the image again.',
  linkUsed: 'This upload link has already been used. Please upload the image again.',
  notImage: 'This file is not a JPEG, PNG, GIF or WebP image.',
  unreadable: 'This image could not be read. Please try another one.',
  usernameTaken: 'This username is already taken. Please choose another one.',
  unknownAvatar: 'Unknown avatar. Please upload the image again.',
} as const;

const usernameTaken = () => new AppError('USERNAME_TAKEN', 409, PROFILE_MESSAGES.usernameTaken);

/**
 * The Change Profile page's calls (docs/api-profile.md): username and avatar. An upload goes
 * to storage under a random key bound to the player; it becomes the avatar only after the
 * server has read it back, judged it by its bytes and re-encoded it (avatar-image.ts).
 */
export class ProfileService {
  private readonly now: () => Date;

  constructor(private readonly d: { db: Db; storage: ObjectStorage; signingKey: Buffer; limiter?: RateLimiter; now?: () => Date }) {
    this.now = d.now ?? (() => new Date());
  }

  async profile(auth: AuthContext): Promise<User> {
    return this.publicUser(auth.userId);
  }

  async signUpload(auth: AuthContext): Promise<{ url: string; key: string; expires_at: string }> {
    const decision = await this.d.limiter?.hit(`avatar-upload:user:${auth.userId}`, UPLOADS_PER_HOUR, 3600);
    if (decision && !decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    const key = `avatar-uploads/${randomBytes(16).toString('hex')}`;
    const expiresAt = new Date(this.now().getTime() + UPLOAD_URL_MINUTES * 60_000);
    await uploads.insertUpload(this.d.db, key, auth.userId, expiresAt);
    return { url: await this.d.storage.uploadUrl(key, expiresAt), key, expires_at: expiresAt.toISOString() };
  }

  /** The embedded storage's PUT: a valid, unexpired signature, and once per slot. */
  async receiveUpload(q: { key: string; expires: number; sig: string }, bytes: Buffer): Promise<void> {
    if (this.d.storage.kind !== 'file') throw notFound('Uploads go to the configured bucket.');
    const valid = uploadSignatureValid(this.d.signingKey, q.key, q.expires, q.sig) && q.expires * 1000 > this.now().getTime();
    const slot = valid ? await uploads.findUpload(this.d.db, q.key) : undefined;
    if (!slot || slot.expiresAt <= this.now()) throw forbidden(PROFILE_MESSAGES.linkInvalid);
    if (!(await uploads.markUploaded(this.d.db, q.key, this.now()))) throw new AppError('CONFLICT', 409, PROFILE_MESSAGES.linkUsed);
    await this.d.storage.write(q.key, bytes, 'application/octet-stream');
  }

  /** POST /avatar and change_avatar with a key: the upload becomes the avatar. */
  async setAvatar(auth: AuthContext, key: string): Promise<string | null> {
    const encoded = await this.prepareAvatar(auth.userId, key);
    await this.d.db.transaction(async (tx) => this.applyAvatar(tx, auth.userId, key, encoded));
    await this.d.storage.remove(key);
    return avatarUrl(encoded.name);
  }

  async removeAvatar(auth: AuthContext): Promise<void> {
    await uploads.setAvatar(this.d.db, auth.userId, null);
  }

  /** Username and avatar together: either both change or neither does. */
  async changeProfile(auth: AuthContext, body: ChangeProfileBody): Promise<User> {
    const user = await this.requireUser(auth.userId);
    const keep = body.avatar == null || body.avatar === avatarUrl(user.avatar);
    if (!keep && !body.avatar!.startsWith('avatar-uploads/')) throw badRequest(PROFILE_MESSAGES.unknownAvatar);
    if (await uploads.usernameTakenByOther(this.d.db, body.username, auth.userId)) throw usernameTaken();
    const key = keep ? null : body.avatar!;
    const encoded = key ? await this.prepareAvatar(auth.userId, key) : null;
    try {
      await this.d.db.transaction(async (tx) => {
        if (key && encoded) await this.applyAvatar(tx, auth.userId, key, encoded);
        await uploads.setUsername(tx, auth.userId, body.username);
      });
    } catch (err) {
      // Lost a race with another player taking the same name (any case): the unique index decides.
      if (isUniqueViolation(err, 'users_username_lower_key')) throw usernameTaken();
      throw err;
    }
    if (key) await this.d.storage.remove(key);
    return this.publicUser(auth.userId);
  }

  /** An image of our own (the demo seed) made a player's avatar, through the same re-encoding. */
  async adoptImage(userId: string, bytes: Buffer): Promise<void> {
    const encoded = await encodeAvatar(bytes);
    if (!encoded) throw new Error('the image could not be encoded');
    for (const f of encoded.files) await this.d.storage.write(avatarObjectKey(encoded.name, f.size), f.bytes, 'image/webp');
    await uploads.setAvatar(this.d.db, userId, encoded.name);
  }

  /** A re-encoded avatar file, for GET /avatars/{name}; null when there is none. */
  async avatarFile(name: string): Promise<Buffer | null> {
    const m = /^([0-9a-f]{32})-(300|800)\.webp$/.exec(name);
    if (!m) return null;
    const bytes = await this.d.storage.read(avatarObjectKey(m[1]!, Number(m[2]) as 300 | 800), 4 * AVATAR_MAX_BYTES);
    return Buffer.isBuffer(bytes) ? bytes : null;
  }

  /**
   * Reads the player's upload back from storage and re-encodes it; nothing is changed yet. The
   * generated files are named by their content, so writing them before the transaction is harmless.
   */
  private async prepareAvatar(userId: string, key: string): Promise<EncodedAvatar> {
    const slot = await uploads.findUpload(this.d.db, key);
    // Another player's key answers like one that does not exist: nothing to learn from it.
    if (!slot || slot.userId !== userId) throw notFound(PROFILE_MESSAGES.noUpload);
    if (slot.usedAt) throw new AppError('CONFLICT', 409, PROFILE_MESSAGES.uploadUsed);
    const bytes = await this.d.storage.read(key, AVATAR_MAX_BYTES);
    if (bytes === null) throw badRequest(PROFILE_MESSAGES.notUploaded);
    if (bytes === 'too-large') {
      await this.d.storage.remove(key);
      throw new AppError('BAD_REQUEST', 413, AVATAR_TOO_LARGE);
    }
    if (!sniffImageType(bytes)) throw new AppError('BAD_REQUEST', 415, PROFILE_MESSAGES.notImage);
    const encoded = await encodeAvatar(bytes);
    if (!encoded) throw new AppError('BAD_REQUEST', 415, PROFILE_MESSAGES.unreadable);
    for (const f of encoded.files) await this.d.storage.write(avatarObjectKey(encoded.name, f.size), f.bytes, 'image/webp');
    return encoded;
  }

  private async applyAvatar(tx: DbOrTx, userId: string, key: string, encoded: EncodedAvatar): Promise<void> {
    if (!(await uploads.markUsed(tx, key, userId, this.now()))) throw new AppError('CONFLICT', 409, PROFILE_MESSAGES.uploadUsed);
    await uploads.setAvatar(tx, userId, encoded.name);
  }

  private async requireUser(userId: string) {
    const user = await repo.findUserById(this.d.db, userId);
    if (!user) throw notFound('No such account.');
    return user;
  }

  private async publicUser(userId: string): Promise<User> {
    return toPublicUser(await this.requireUser(userId));
  }
}
