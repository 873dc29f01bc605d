// Over 300 lines: the sign-in and link flows share the nonce, signature and contract-wallet checks; splitting would scatter one protocol (decision 0020).
import type { ConnectWalletBody, User, WalletNonceResponse, WalletSignatureBody } from '@starport/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Hex } from 'viem';
import { chainById } from '../../chain/chain-config.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import * as accountsRepo from './accounts.repo.ts';
import { toPublicUser } from './accounts.service.ts';
import type { AuthContext, SessionService, Tokens } from './sessions.service.ts';
import {
  buildSiweMessage,
  checkSiweMessage,
  newNonce,
  SIWE_TTL_MS,
  siweSite,
  type NoncePurpose,
  type SiweProblem,
  type SiweSite,
} from './siwe-message.ts';
import {
  consumeNonce,
  findLiveNonces,
  findNonce,
  insertNonce,
  pruneOldNonces,
  type NonceRow,
} from './wallet-nonces.repo.ts';
import { SignatureChainUnavailable, signedByAccount, signedByWallet } from './wallet-signature.ts';
import { walletUsernames } from './wallet-username.ts';
import { findUserByWallet, insertWalletUser, setWalletIfNone } from './wallet-users.repo.ts';

/**
 * Limits per window: [hits, seconds]. A nonce is a database row, so asking for them is limited,
 * per IP address and per (address, IP address): never per address alone, a counter any stranger
 * could fill to lock that wallet out (docs/decisions/0020).
 */
export const WALLET_LIMITS = {
  noncePerAddressAndIp: [20, 15 * 60],
  noncePerIp: [60, 15 * 60],
  signaturePerIp: [60, 15 * 60],
  linkPerUser: [20, 15 * 60],
} as const satisfies Record<string, readonly [number, number]>;

export const WALLET_MESSAGES = {
  unavailable: 'Wallet sign-in is not available right now.',
  signedIn: 'Signed in.',
  created: 'Welcome to Starport! Your wallet account is ready.',
  linked: 'Your wallet is now linked to your account.',
  walletTaken: 'This wallet is already linked to another account.',
  alreadyThisWallet: 'This wallet is already linked to your account.',
  otherWallet: 'Your account is already linked to another wallet.',
  badSignature: 'The signature does not match this wallet and message.',
  otherAddress: 'This message was issued to another wallet. Please try again.',
  otherAccount: 'This link message was issued to another account. Please try again.',
  staleChain: 'This message was issued for another network. Please try again.',
  notAsIssued: 'This message is not the one that was issued. Please try again.',
} as const;

/**
 * How many live messages of a wallet a signature without its message is tried against, newest
 * first: enough that strangers asking for the wallet's nonces from a few IP addresses cannot
 * push the one it signed out of reach, few enough that one request costs at most this many
 * ecrecovers (a few ms each; 50 took about 0.2 s on a busy 2-core machine).
 */
export const UNSENT_MESSAGE_CANDIDATES = 50;

const nounOf = (purpose: NoncePurpose) => (purpose === 'sign_in' ? 'sign-in' : 'link');

/** Every failed proof is a 401 with a code of its own (not UNAUTHORIZED: no token refresh helps). */
function proofError(problem: SiweProblem | 'missing' | 'used' | 'purpose', purpose: NoncePurpose): AppError {
  const noun = nounOf(purpose);
  switch (problem) {
    case 'malformed':
      return badRequest('This is not a Sign-In with Ethereum message from Starport.');
    case 'missing':
      return new AppError(
        'INVALID_NONCE',
        401,
        `There is no ${noun} message waiting for this wallet. Please try again.`,
      );
    case 'used':
      return new AppError(
        'INVALID_NONCE',
        401,
        `This ${noun} message has expired or was already used. Please try again.`,
      );
    case 'purpose':
      return new AppError('INVALID_NONCE', 401, `This is not a ${noun} message. Please try again.`);
    case 'address':
      return new AppError('INVALID_MESSAGE', 401, 'This message is for another wallet.');
    case 'domain':
      return new AppError('INVALID_MESSAGE', 401, 'This message was made for another website.');
    case 'uri':
      return new AppError('INVALID_MESSAGE', 401, 'This message points to another website.');
    case 'chain':
      return new AppError('INVALID_MESSAGE', 401, 'This message was made for another network.');
    case 'future':
      return new AppError('INVALID_MESSAGE', 401, 'This message is dated in the future.');
    case 'expired':
      return new AppError('INVALID_MESSAGE', 401, `This ${noun} message has expired. Please try again.`);
    case 'invalid':
      return new AppError('INVALID_MESSAGE', 401, `This ${noun} message is not valid. Please try again.`);
  }
}

export type WalletAuthDeps = {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  sessions: SessionService;
  /** where a sign-in chain that does not answer is reported */
  log?: FastifyBaseLogger;
  /**
   * Runs in the transaction that gives a player a wallet (a link, a wallet's first sign-in):
   * the nft area moves to them the minted assets whose tokens that wallet already holds
   * (wired in app.ts; accounts does not import the nft area, which imports it).
   */
  walletLinked?: (tx: Tx, address: string) => Promise<void>;
};
type Proof = {
  address: string;
  signature: Hex;
  message: string | undefined;
  purpose: NoncePurpose;
  userId: string | null;
};

/** Sign-In with Ethereum and wallet linking (docs/decisions/0020, docs/api-wallet.md). */
export class WalletAuthService {
  private readonly site: SiweSite;
  /** why wallet messages cannot be issued here (for the server log), or null */
  readonly unavailableReason: string | null;

  constructor(private readonly d: WalletAuthDeps) {
    this.site = siweSite(d.config.publicUrl);
    this.unavailableReason = this.findUnavailableReason();
  }

  async issueSignInNonce(wallet: string, ip: string): Promise<WalletNonceResponse> {
    const address = wallet.toLowerCase();
    await this.limit(`wallet-nonce:ip:${ip}`, WALLET_LIMITS.noncePerIp);
    await this.limit(`wallet-nonce:address-ip:${address}:${ip}`, WALLET_LIMITS.noncePerAddressAndIp);
    return this.issue(address, 'sign_in', null);
  }

  /** Verifies the signed message, then signs the wallet's account in, creating it on first use. */
  async signIn(
    wallet: string,
    body: WalletSignatureBody,
    ip: string,
  ): Promise<Tokens & { user: User; created: boolean; msg: string }> {
    const address = wallet.toLowerCase();
    await this.limit(`wallet-signature:ip:${ip}`, WALLET_LIMITS.signaturePerIp);
    await this.prove({
      address,
      signature: body.signature as Hex,
      message: body.message,
      purpose: 'sign_in',
      userId: null,
    });
    const { user, created } = await this.walletUser(address, body.wallet_ref);
    const tokens = await this.d.sessions.start(user.id, true);
    return {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      user: toPublicUser(user),
      created,
      msg: created ? WALLET_MESSAGES.created : WALLET_MESSAGES.signedIn,
    };
  }

  async issueLinkNonce(auth: AuthContext, wallet: string): Promise<WalletNonceResponse> {
    const address = wallet.toLowerCase();
    await this.limit(`wallet-link:user:${auth.userId}`, WALLET_LIMITS.linkPerUser);
    const user = await this.requireUser(auth.userId);
    // Said before the player signs anything; link() relies on the database, not on these.
    if (user.walletAddress === address) throw new AppError('ALREADY_LINKED', 409, WALLET_MESSAGES.alreadyThisWallet);
    if (user.walletAddress) throw new AppError('ALREADY_LINKED', 409, WALLET_MESSAGES.otherWallet);
    if (await findUserByWallet(this.d.db, address)) throw walletTaken();
    return this.issue(address, 'link', user.id);
  }

  /** Links the wallet that signed the caller's link message, when the account has none. */
  async link(auth: AuthContext, body: ConnectWalletBody): Promise<User> {
    const address = body.wallet.toLowerCase();
    await this.limit(`wallet-link:user:${auth.userId}`, WALLET_LIMITS.linkPerUser);
    await this.prove({
      address,
      signature: body.signature as Hex,
      message: body.message,
      purpose: 'link',
      userId: auth.userId,
    });
    let linked: accountsRepo.UserRow | undefined;
    try {
      linked = await this.d.db.transaction(async (tx) => {
        const row = await setWalletIfNone(tx, auth.userId, address);
        if (row) await this.d.walletLinked?.(tx, address);
        return row;
      });
    } catch (err) {
      // Another account took the wallet since the nonce was issued: the unique index decides.
      if (isUniqueViolation(err, 'users_wallet_address_key')) throw walletTaken();
      throw err;
    }
    if (linked) return toPublicUser(linked);
    const user = await this.requireUser(auth.userId);
    if (user.walletAddress === address) return toPublicUser(user); // a second link request won the race
    throw new AppError('ALREADY_LINKED', 409, WALLET_MESSAGES.otherWallet);
  }

  private async issue(address: string, purpose: NoncePurpose, userId: string | null): Promise<WalletNonceResponse> {
    const chainId = this.requireChain();
    const nonce = newNonce();
    const issuedAt = new Date();
    const expiresAt = new Date(issuedAt.getTime() + SIWE_TTL_MS);
    const message = buildSiweMessage({ site: this.site, address, chainId, nonce, purpose, issuedAt, expiresAt });
    await pruneOldNonces(this.d.db, address);
    await insertNonce(this.d.db, { nonce, address, purpose, userId, message, chainId, issuedAt, expiresAt });
    return { error: false, nonce, message, chainId, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The proof that the caller holds the wallet: a message we issued (its nonce, for this wallet
   * and purpose), still meant for this site and chain, signed by the wallet; then the nonce is
   * used up. The signature is checked before the nonce is touched, so nobody can burn another
   * wallet's nonce with a bad signature.
   */
  private async prove(p: Proof): Promise<void> {
    const chainId = this.requireChain();
    let row: NonceRow | undefined;
    let text = p.message;
    if (text === undefined) {
      row = await this.liveNonceSignedBy(p);
      text = row.message;
    }
    const signatureChecked = row !== undefined;
    const check = checkSiweMessage(text, { site: this.site, wallet: p.address, chainId, now: new Date() });
    if (!check.ok) throw proofError(check.problem, p.purpose);
    row ??= await findNonce(this.d.db, check.nonce);
    if (!row) throw proofError('used', p.purpose);
    if (row.address !== p.address) throw new AppError('INVALID_NONCE', 401, WALLET_MESSAGES.otherAddress);
    if (row.purpose !== p.purpose) throw proofError('purpose', p.purpose);
    if (p.userId !== null && row.userId !== p.userId)
      throw new AppError('INVALID_NONCE', 401, WALLET_MESSAGES.otherAccount);
    // Issued for a chain the site has since left: the message was rewritten to the new one.
    if (row.chainId !== check.chainId) throw new AppError('INVALID_MESSAGE', 401, WALLET_MESSAGES.staleChain);
    // Only the very text issued with the nonce: not a link nonce under the sign-in statement,
    // not the same nonce with other dates, even when the wallet itself signed that text. Checked
    // before the signature, which for a contract wallet is a call to the chain.
    if (text !== row.message) throw new AppError('INVALID_MESSAGE', 401, WALLET_MESSAGES.notAsIssued);
    if (!signatureChecked && !(await this.signedBy(p.address, text, p.signature))) throw badSignature();
    if (
      !(await consumeNonce(this.d.db, { nonce: row.nonce, address: p.address, purpose: p.purpose, userId: p.userId }))
    ) {
      throw proofError('used', p.purpose);
    }
  }

  /** An account's signature, or a contract wallet's on the sign-in chain (wallet-signature.ts); 503 when that chain cannot answer. */
  private async signedBy(address: string, message: string, signature: Hex): Promise<boolean> {
    const chain = chainById(this.d.config.chains, this.d.config.chains.paymentChainId);
    try {
      return await signedByWallet(address, message, signature, chain);
    } catch (err) {
      if (!(err instanceof SignatureChainUnavailable)) throw err;
      this.d.log?.warn({ reason: err.reason }, 'wallet signature: the sign-in chain did not answer');
      throw new AppError('UNAVAILABLE', 503, WALLET_MESSAGES.unavailable);
    }
  }

  /**
   * The older client sends only the signature of a message issued to it. Which message is told
   * by the signature itself: the newest live one it verifies over. Not simply the newest one,
   * which anybody can replace by asking for another nonce for this address (docs/decisions/0020).
   */
  private async liveNonceSignedBy(p: Proof): Promise<NonceRow> {
    const live = await findLiveNonces(this.d.db, {
      address: p.address,
      purpose: p.purpose,
      userId: p.userId,
      limit: UNSENT_MESSAGE_CANDIDATES,
    });
    if (!live.length) throw proofError('missing', p.purpose);
    for (const row of live) {
      // Accounts only: a contract wallet's check is a chain call, not one to make 50 times.
      if (await signedByAccount(p.address, row.message, p.signature)) return row;
    }
    throw badSignature();
  }

  /** The wallet's account, or a new one: no e-mail, no password, a username made from the address. */
  private async walletUser(
    address: string,
    walletRef: string | undefined,
  ): Promise<{ user: accountsRepo.UserRow; created: boolean }> {
    const existing = await findUserByWallet(this.d.db, address);
    if (existing) return { user: existing, created: false };
    // A referral code is recorded once, at creation; a wallet cannot refer itself.
    const ref = walletRef?.trim().toLowerCase() || null;
    for (const username of walletUsernames(address)) {
      const user = await this.d.db.transaction(async (tx) => {
        const row = await insertWalletUser(tx, { username, walletAddress: address, walletRef: ref === address ? null : ref });
        if (row) await this.d.walletLinked?.(tx, address);
        return row;
      });
      if (user) return { user, created: true };
      // Either the username is taken, or the same wallet signed in at the same moment.
      const raced = await findUserByWallet(this.d.db, address);
      if (raced) return { user: raced, created: false };
    }
    throw new Error('no free username for a new wallet account');
  }

  private requireChain(): number {
    const chainId = this.d.config.chains.paymentChainId;
    if (chainId === null || this.unavailableReason) throw new AppError('UNAVAILABLE', 503, WALLET_MESSAGES.unavailable);
    return chainId;
  }

  private findUnavailableReason(): string | null {
    const chainId = this.d.config.chains.paymentChainId;
    if (chainId === null) return 'no payment chain is configured (PAYMENT_CHAIN_ID), and wallet messages name one';
    try {
      const now = new Date();
      buildSiweMessage({
        site: this.site,
        address: `0x${'0'.repeat(40)}`,
        chainId,
        nonce: newNonce(),
        purpose: 'sign_in',
        issuedAt: now,
        expiresAt: now,
      });
      return null;
    } catch {
      return `PUBLIC_URL's host (${this.site.domain}) cannot be the domain of a Sign-In with Ethereum message`;
    }
  }

  private async limit(key: string, [hits, seconds]: readonly [number, number]) {
    const decision = await this.d.limiter.hit(key, hits, seconds);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }

  private async requireUser(id: string): Promise<accountsRepo.UserRow> {
    const user = await accountsRepo.findUserById(this.d.db, id);
    if (!user) throw notFound('This account no longer exists.');
    return user;
  }
}

const walletTaken = () => new AppError('WALLET_TAKEN', 409, WALLET_MESSAGES.walletTaken);
const badSignature = () => new AppError('INVALID_SIGNATURE', 401, WALLET_MESSAGES.badSignature);
