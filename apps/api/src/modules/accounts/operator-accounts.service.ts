import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import * as repo from './accounts.repo.ts';
import { isActive } from './accounts.service.ts';
import { countLiveSessions } from './sessions.repo.ts';
import { findUserByWallet } from './wallet-users.repo.ts';

/**
 * What the operator does to accounts from the console (`npm run admin`): create, activate, sign
 * out, list. The operator is trusted and at the machine, so no rate limit applies and no e-mail
 * is sent; the messages name the account, since they are shown to the operator, not to a player.
 * Inputs are already checked against the shared schemas by the caller (as a route does).
 */

/**
 * An account signs in with an e-mail and a password, with a wallet, or both; nothing else can be
 * expressed. `verified` marks the e-mail verified at once (there is no e-mail without it to verify).
 */
export type NewAccount =
  | { username: string; email: string; password: string; verified: boolean; wallet?: string }
  | { username: string; wallet: string };

export type UserSummary = {
  username: string;
  email: string | null;
  active: boolean;
  wallet: string | null;
  createdAt: Date;
};

/**
 * Queued with an account the operator creates with a wallet: the server that indexes the chain
 * gives the player the minted assets whose tokens that wallet already holds (the nft area's
 * handler, decision 0050's "wallet linked late"). A job, because the operator's console has no
 * chain configuration (with the embedded database it cannot even reach the running server's).
 */
export const OPERATOR_WALLET_LINKED_JOB = 'accounts.wallet_linked';
export type OperatorWalletLinked = { wallet: string };

const usernameTaken = (username: string) =>
  new AppError('USERNAME_TAKEN', 409, `The username "${username}" is already taken.`);
const emailTaken = (email: string) =>
  new AppError('EMAIL_TAKEN', 409, `The e-mail ${email} is already used by another account.`);
const walletTaken = (wallet: string) =>
  new AppError('WALLET_TAKEN', 409, `The wallet ${wallet} is already linked to another account.`);

export class OperatorAccountsService {
  constructor(private readonly db: Db) {}

  async createAccount(account: NewAccount): Promise<repo.UserRow> {
    const { username } = account;
    const email = 'email' in account ? account.email.trim().toLowerCase() : null;
    // Addresses are compared lower-cased everywhere (WalletAddressSchema).
    const wallet = account.wallet?.trim().toLowerCase() ?? null;
    if (await repo.usernameExists(this.db, username)) throw usernameTaken(username);
    if (email !== null && (await repo.findUserByEmail(this.db, email))) throw emailTaken(email);
    if (wallet !== null && (await findUserByWallet(this.db, wallet))) throw walletTaken(wallet);
    const passwordHash = 'password' in account ? await hashPassword(account.password) : null;
    try {
      return await this.db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          username,
          email,
          passwordHash,
          emailVerifiedAt: 'verified' in account && account.verified ? new Date() : null,
          walletAddress: wallet,
        });
        if (wallet !== null) {
          const linked: OperatorWalletLinked = { wallet };
          await enqueueJob(tx, OPERATOR_WALLET_LINKED_JOB, linked, { dedupeKey: `${OPERATOR_WALLET_LINKED_JOB}:${user.id}` });
        }
        return user;
      });
    } catch (err) {
      // Someone took it between the check and the insert (a sign-up on the running site).
      if (isUniqueViolation(err, 'users_username_lower_key')) throw usernameTaken(username);
      if (email !== null && isUniqueViolation(err, 'users_email_key')) throw emailTaken(email);
      if (wallet !== null && isUniqueViolation(err, 'users_wallet_address_key')) throw walletTaken(wallet);
      throw err;
    }
  }

  /** Marks the e-mail verified; `already` when it was. */
  async activate(login: string): Promise<{ user: repo.UserRow; already: boolean }> {
    const user = await this.requireUser(login);
    if (!user.email)
      throw badRequest(`${user.username} has no e-mail to verify (a wallet-only account links one first).`);
    if (user.emailVerifiedAt) return { user, already: true };
    const emailVerifiedAt = new Date();
    await repo.updateUser(this.db, user.id, { emailVerifiedAt });
    return { user: { ...user, emailVerifiedAt }, already: false };
  }

  /**
   * Signs the user out everywhere: refresh tokens die with their sessions and access tokens fail
   * their session check. `ended` counts the sessions that were still live.
   */
  async endSessions(login: string): Promise<{ user: repo.UserRow; ended: number }> {
    const user = await this.requireUser(login);
    const ended = await this.db.transaction(async (tx) => {
      const live = await countLiveSessions(tx, user.id);
      await repo.revokeUserSessions(tx, user.id, 'operator');
      return live;
    });
    return { user, ended };
  }

  /** The newest accounts, and how many there are in all. */
  async listUsers(limit: number): Promise<{ users: UserSummary[]; total: number }> {
    const rows = await repo.listNewestUsers(this.db, limit);
    const total = await repo.countUsers(this.db);
    return {
      users: rows.map((u) => ({
        username: u.username,
        email: u.email,
        active: isActive(u),
        wallet: u.walletAddress,
        createdAt: u.createdAt,
      })),
      total,
    };
  }

  /** By e-mail or username, as at sign-in. */
  private async requireUser(login: string): Promise<repo.UserRow> {
    const user = await repo.findUserByLogin(this.db, login);
    if (!user) throw notFound(`No user has the e-mail or username "${login}".`);
    return user;
  }
}
