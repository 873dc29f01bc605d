import type { LoginBody, RegistryBody, User } from '@starport/schemas';
import { avatarUrl } from './avatar-image.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { queueEmail } from '../../mail/queue-email.ts';
import * as mails from '../../mail/templates.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import * as repo from './accounts.repo.ts';
import { LoginLimits } from './login-limits.ts';
import { PASSWORD_RESET_REQUEST_JOB, RESET_TTL_MS } from './password-reset-job.ts';
import type { AuthContext, SessionService, Tokens } from './sessions.service.ts';

const ACTIVATION_TTL_MS = 48 * 3600 * 1000;

/** Limits per window: [hits, seconds]; sign-in's are in login-limits.ts. */
export const LIMITS = {
  forgotPerAccount: [3, 3600],
  forgotPerAddress: [10, 15 * 60],
  registerPerAddress: [10, 3600],
  changePasswordPerUser: [10, 15 * 60],
  mailPerUser: [5, 3600],
} as const satisfies Record<string, readonly [number, number]>;

export const MESSAGES = {
  registered: 'Registration successful! Please check your inbox and spam folder for the activation e-mail.',
  badCredentials: 'Incorrect e-mail/username or password.',
  notActive: 'Your account is not activated yet. Please check your inbox and spam folder for the activation e-mail.',
  forgot: 'If an account uses this e-mail, we have sent it instructions to reset the password. Please check your inbox and spam folder.',
  badActivationKey: 'This activation link is invalid or has expired.',
  alreadyActive: 'Your account is already active. You can sign in.',
  badResetKey: 'This password reset link is invalid or has expired. Please ask for a new one.',
} as const;

export type AccountsDeps = { db: Db; config: Config; limiter: RateLimiter; sessions: SessionService; wakeJobs: () => void };

/** Active: the account's e-mail is verified (a wallet-only account has none to verify). */
export const isActive = (u: repo.UserRow): boolean => Boolean(u.email && u.emailVerifiedAt);

export function toPublicUser(u: repo.UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    active: isActive(u),
    avatar: avatarUrl(u.avatar),
    walletAddress: u.walletAddress,
    hasPassword: Boolean(u.passwordHash),
  };
}

export class AccountsService {
  private readonly loginLimits: LoginLimits;

  constructor(private readonly d: AccountsDeps) {
    this.loginLimits = new LoginLimits(d.limiter);
  }

  private async limit(key: string, [hits, seconds]: readonly [number, number]) {
    const decision = await this.d.limiter.hit(key, hits, seconds);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }

  async register(body: RegistryBody, ip: string): Promise<string> {
    await this.limit(`register:ip:${ip}`, LIMITS.registerPerAddress);
    const passwordHash = await hashPassword(body.password);
    if (await repo.usernameExists(this.d.db, body.username)) {
      throw new AppError('USERNAME_TAKEN', 409, 'This username is already taken. Please choose another one.');
    }
    try {
      await this.d.db.transaction(async (tx) => {
        if (await repo.findUserByEmail(tx, body.email)) {
          // Same answer as a new sign-up (no enumeration); the owner is told by e-mail instead.
          await queueEmail(tx, 'already-registered', body.email, mails.alreadyRegisteredMail(this.d.config.publicUrl));
          return;
        }
        const user = await repo.insertUser(tx, {
          username: body.username,
          email: body.email,
          passwordHash,
          walletRef: body.wallet_ref ?? null,
        });
        const key = await this.issueKey(tx, user.id, 'activate', user.email);
        await queueEmail(tx, 'activation', body.email, mails.activationMail(this.d.config.publicUrl, user.username, key));
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_lower_key')) {
        throw new AppError('USERNAME_TAKEN', 409, 'This username is already taken. Please choose another one.');
      }
      if (!isUniqueViolation(err, 'users_email_key')) throw err;
      // Lost a race with another sign-up of the same e-mail: answer as above.
    }
    this.d.wakeJobs();
    return MESSAGES.registered;
  }

  /**
   * Activates the account the key was mailed for. A link opened again after its account is
   * active (it was used, or a newer link or a reset verified the address) says so: only the
   * holder of a link issued for the account's current address learns it, which they know.
   */
  async activate(key: string): Promise<{ msg: string; already_active: boolean }> {
    const outcome = await this.d.db.transaction(async (tx) => {
      const row = await repo.consumeKey(tx, sha256(key), 'activate');
      if (!row) {
        // Read after the UPDATE: a twin request that used the key has committed by now.
        const issued = await repo.findKey(tx, sha256(key), 'activate');
        const user = issued && (await repo.findUserById(tx, issued.userId));
        const active = Boolean(user && issued.email && user.email === issued.email && user.emailVerifiedAt);
        return active ? 'already_active' : 'invalid';
      }
      const user = await repo.findUserById(tx, row.userId);
      // The key proves the address it was sent to, and only while that is still the account's address.
      if (!user || !row.email || user.email !== row.email) return 'invalid';
      if (!user.emailVerifiedAt) await repo.updateUser(tx, user.id, { emailVerifiedAt: new Date() });
      return 'activated';
    });
    if (outcome === 'invalid') throw new AppError('INVALID_KEY', 400, MESSAGES.badActivationKey);
    if (outcome === 'already_active') return { msg: MESSAGES.alreadyActive, already_active: true };
    return { msg: 'Your e-mail is verified and your account is active. You can now sign in.', already_active: false };
  }

  async login(body: LoginBody, ip: string): Promise<Tokens & { user: User }> {
    const login = body.email.trim().toLowerCase();
    await this.loginLimits.address(ip);
    // Counted per account, whichever of its e-mail or username is typed (0026).
    const user = await repo.findUserByLogin(this.d.db, login);
    await this.loginLimits.attempt(user ? { accountId: user.id } : { unknownLogin: login }, ip);
    const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, body.password) : await burnPasswordCheck(body.password);
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 401, MESSAGES.badCredentials);
    await this.loginLimits.succeeded(user.id, ip);
    if (!user.emailVerifiedAt) throw new AppError('ACCOUNT_NOT_ACTIVE', 403, MESSAGES.notActive);
    const tokens = await this.d.sessions.start(user.id, body.remember ?? true);
    return { access_token: tokens.access_token, refresh_token: tokens.refresh_token, user: toPublicUser(user) };
  }

  /** Answers at once and the same for every address; the lookup and the e-mail happen in a job. */
  async forgot(email: string, ip: string): Promise<string> {
    const address = email.trim().toLowerCase();
    await this.limit(`forgot:ip:${ip}`, LIMITS.forgotPerAddress);
    await this.limit(`forgot:account:${address}`, LIMITS.forgotPerAccount);
    await enqueueJob(this.d.db, PASSWORD_RESET_REQUEST_JOB, { email: address });
    this.d.wakeJobs();
    return MESSAGES.forgot;
  }

  async verifyResetKey(key: string): Promise<string> {
    const row = await repo.findLiveKey(this.d.db, sha256(key), 'reset');
    if (!row) throw new AppError('INVALID_KEY', 400, MESSAGES.badResetKey);
    return 'The link is valid. Please choose a new password.';
  }

  async resetPassword(key: string, password: string): Promise<string> {
    const passwordHash = await hashPassword(password);
    const done = await this.d.db.transaction(async (tx) => {
      const row = await repo.consumeKey(tx, sha256(key), 'reset');
      if (!row) return false;
      const user = await repo.findUserById(tx, row.userId);
      if (!user) return false;
      // Receiving the mail proves the address, so a reset also verifies it.
      const proves = user.email !== null && user.email === row.email;
      await repo.updateUser(tx, user.id, {
        passwordHash,
        ...(proves && !user.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}),
      });
      await repo.revokeUserSessions(tx, user.id, 'password_reset');
      return true;
    });
    if (!done) throw new AppError('INVALID_KEY', 400, MESSAGES.badResetKey);
    return 'Your password has been changed. Please sign in with your new password.';
  }

  async changePassword(auth: AuthContext, oldPassword: string, newPassword: string): Promise<string> {
    await this.limit(`change-password:user:${auth.userId}`, LIMITS.changePasswordPerUser);
    const user = await this.requireUser(auth.userId);
    if (!user.passwordHash) {
      throw badRequest('Your account has no password yet. Link an e-mail and a password first.');
    }
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new AppError('INVALID_CREDENTIALS', 400, 'Your current password is incorrect.');
    }
    const passwordHash = await hashPassword(newPassword);
    await this.d.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { passwordHash });
      await repo.revokeUserSessions(tx, user.id, 'password_changed', auth.sessionId);
      if (user.email && user.emailVerifiedAt) {
        await queueEmail(tx, 'password-changed', user.email, mails.passwordChangedMail(user.username));
      }
    });
    this.d.wakeJobs();
    return 'Your password has been changed. Your other sessions were signed out.';
  }

  async profile(auth: AuthContext): Promise<User> {
    return toPublicUser(await this.requireUser(auth.userId));
  }

  /** Gives an e-mail and a password to an account without them (a wallet account). */
  async linkEmail(auth: AuthContext, email: string, password: string): Promise<string> {
    await this.limit(`mail:user:${auth.userId}`, LIMITS.mailPerUser);
    const user = await this.requireUser(auth.userId);
    if (user.emailVerifiedAt && user.passwordHash) {
      throw new AppError('ALREADY_LINKED', 409, 'Your account already has a verified e-mail and a password.');
    }
    const passwordHash = await hashPassword(password);
    try {
      await this.d.db.transaction(async (tx) => {
        if (await repo.emailUsedByOther(tx, email, user.id)) throw emailTaken();
        await repo.updateUser(tx, user.id, { email, emailVerifiedAt: null, passwordHash });
        const key = await this.issueKey(tx, user.id, 'activate', email);
        await queueEmail(tx, 'verify-email', email, mails.verifyLinkedEmailMail(this.d.config.publicUrl, user.username, key));
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
      throw err;
    }
    this.d.wakeJobs();
    return `We have sent a verification link to ${email}. Please check your inbox and spam folder.`;
  }

  async resendActivation(auth: AuthContext): Promise<string> {
    await this.limit(`mail:user:${auth.userId}`, LIMITS.mailPerUser);
    const user = await this.requireUser(auth.userId);
    if (!user.email) throw badRequest('Your account has no e-mail yet. Link one first.');
    if (user.emailVerifiedAt) throw badRequest('Your e-mail is already verified.');
    const email = user.email;
    await this.d.db.transaction(async (tx) => {
      const key = await this.issueKey(tx, user.id, 'activate', email);
      await queueEmail(tx, 'verify-email', email, mails.verifyLinkedEmailMail(this.d.config.publicUrl, user.username, key));
    });
    this.d.wakeJobs();
    return `We have sent a new verification link to ${email}. Please check your inbox and spam folder.`;
  }

  private async requireUser(id: string): Promise<repo.UserRow> {
    const user = await repo.findUserById(this.d.db, id);
    if (!user) throw notFound('This account no longer exists.');
    return user;
  }

  private async issueKey(tx: Parameters<typeof repo.insertKey>[0], userId: string, purpose: repo.KeyPurpose, email: string | null) {
    await repo.retireLiveKeys(tx, userId, purpose);
    const key = randomToken();
    await repo.insertKey(tx, {
      keyHash: sha256(key),
      userId,
      purpose,
      email,
      expiresAt: new Date(Date.now() + (purpose === 'activate' ? ACTIVATION_TTL_MS : RESET_TTL_MS)),
    });
    return key;
  }
}

const emailTaken = () => new AppError('EMAIL_TAKEN', 409, 'This e-mail is already used by another account.');
