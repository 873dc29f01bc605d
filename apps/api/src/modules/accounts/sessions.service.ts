import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { batchedLookup } from '../../lib/batched-lookup.ts';
import { randomToken, sha256, signAccessToken, verifyAccessToken } from '../../lib/tokens.ts';
import * as repo from './sessions.repo.ts';

/** Remembered sessions slide for 30 days; the others end after 12 hours (and with the browser, client-side). */
export const REMEMBERED_SESSION_MS = 30 * 24 * 3600 * 1000;
export const BROWSER_SESSION_MS = 12 * 3600 * 1000;
/** A refresh token reused within this window is a benign race (two tabs), not theft. */
export const REUSE_GRACE_MS = 10_000;

export type Tokens = { access_token: string; refresh_token: string };
export type AuthContext = { userId: string; sessionId: string };

const isLive = (session: repo.SessionRow | undefined): session is repo.SessionRow =>
  session !== undefined && !session.revokedAt && session.expiresAt.getTime() > Date.now();

const sessionOver = () => unauthorized('Your session has ended. Please sign in again.');
/**
 * A refresh token spent within the grace window: another tab of this session rotated it (and a
 * browser may show this tab that tab's new tokens only after it asked: decision 0079). Still a
 * 401 and still no new tokens; the code tells the client to wait for the other tab's instead of
 * signing out.
 */
const rotatedElsewhere = () =>
  new AppError('REFRESH_TOKEN_ROTATED', 401, 'This session was just refreshed in another tab.');

/** A session id as sessions.id stores it: only these go into a shared lookup, where one bad id would fail them all. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class SessionService {
  /** Every signed-in request's session check; checks arriving together share a statement (decision 0081). */
  private readonly standing: (sessionId: string) => Promise<repo.SessionStanding | undefined>;

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {
    this.standing = batchedLookup((ids) => repo.sessionStandings(db, ids));
  }

  async start(userId: string, remember: boolean): Promise<Tokens & { sessionId: string }> {
    const expiresAt = new Date(Date.now() + (remember ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS));
    const refresh = randomToken();
    const session = await this.db.transaction(async (tx) => {
      const s = await repo.insertSession(tx, { userId, remember, expiresAt });
      await repo.insertRefreshToken(tx, s.id, sha256(refresh));
      return s;
    });
    const access = await signAccessToken(this.secret, { userId, sessionId: session.id });
    return { access_token: access, refresh_token: refresh, sessionId: session.id };
  }

  /**
   * Rotates a refresh token: the old one dies, a new one of the same family is issued.
   * A token used again after the grace window revokes its whole family (it was stolen).
   */
  async refresh(refreshToken: string): Promise<Tokens> {
    const tokenHash = sha256(refreshToken);
    const next = randomToken();
    const outcome = await this.db.transaction(async (tx) => {
      const used = await repo.useRefreshToken(tx, tokenHash);
      if (!used) return this.spentAgain(tx, tokenHash);
      const session = await repo.findSession(tx, used.sessionId);
      if (!isLive(session)) return { kind: 'invalid' as const };
      await repo.insertRefreshToken(tx, session.id, sha256(next));
      if (session.remember) await repo.extendSession(tx, session.id, new Date(Date.now() + REMEMBERED_SESSION_MS));
      return { kind: 'ok' as const, session };
    });
    // The revocation above must be committed, so the error is raised outside the transaction.
    if (outcome.kind === 'raced') throw rotatedElsewhere();
    if (outcome.kind !== 'ok') throw sessionOver();
    const access = await signAccessToken(this.secret, {
      userId: outcome.session.userId,
      sessionId: outcome.session.id,
    });
    return { access_token: access, refresh_token: next };
  }

  /** What a refresh token that is not (or no longer) unused means: unknown, raced, or stolen. */
  private async spentAgain(tx: DbOrTx, tokenHash: string) {
    const known = await repo.findRefreshToken(tx, tokenHash);
    if (!known?.usedAt) return { kind: 'invalid' as const };
    if (Date.now() - known.usedAt.getTime() > REUSE_GRACE_MS) {
      await repo.revokeSession(tx, known.sessionId, 'refresh_token_reuse');
      return { kind: 'reused' as const };
    }
    // Within the grace window only a live session's tab is told to wait for the other tab's tokens.
    return isLive(await repo.findSession(tx, known.sessionId))
      ? { kind: 'raced' as const }
      : { kind: 'invalid' as const };
  }

  /** Checks a bearer token and that its session is still live (logout and password changes end it). */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    const check = await verifyAccessToken(this.secret, match[1]);
    if (!check.ok) {
      throw check.expired
        ? new AppError('TOKEN_EXPIRED', 401, 'Your session has expired. Please sign in again.')
        : unauthorized('Your session is not valid. Please sign in again.');
    }
    if (!SESSION_ID.test(check.claims.sessionId)) throw sessionOver();
    const session = await this.standing(check.claims.sessionId);
    if (
      !session ||
      session.userId !== check.claims.userId ||
      session.revoked ||
      session.expiresAt.getTime() <= Date.now()
    ) {
      throw sessionOver();
    }
    return check.claims;
  }

  /** Ends a session by the caller's access token or by its refresh token; unknown tokens are ignored. */
  async end(auth: AuthContext | undefined, refreshToken: string | undefined): Promise<void> {
    if (auth) await repo.revokeSession(this.db, auth.sessionId, 'logout');
    if (refreshToken) {
      const known = await repo.findRefreshToken(this.db, sha256(refreshToken));
      if (known) await repo.revokeSession(this.db, known.sessionId, 'logout');
    }
  }
}
