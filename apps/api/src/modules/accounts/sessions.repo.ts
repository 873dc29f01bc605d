import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryNamed } from '../../lib/sql/query-shapes.ts';
import { refreshTokens, sessions } from '../../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: DbOrTx, values: { userId: string; remember: boolean; expiresAt: Date }) {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session was not stored');
  return row;
}

export type SessionStanding = { userId: string; revoked: boolean; expiresAt: Date };

/**
 * What every signed-in request asks of its session: whose it is and whether it still runs, for
 * every session id the requests of the moment carry (SessionService batches them). A named
 * statement (parsed once per connection), looked up by primary key.
 */
export async function sessionStandings(db: DbOrTx, ids: string[]): Promise<Map<string, SessionStanding>> {
  const rows = await queryNamed<{ id: string; user_id: string; revoked: boolean; expires_at: string | Date }>(
    db,
    'session-standings',
    () =>
      sql`SELECT id, user_id, revoked_at IS NOT NULL AS revoked, expires_at FROM sessions WHERE id = ANY(${sql.placeholder('ids')}::uuid[])`,
    { ids },
  );
  return new Map(rows.map((r) => [r.id, { userId: r.user_id, revoked: r.revoked, expiresAt: new Date(r.expires_at) }]));
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

export async function insertRefreshToken(db: DbOrTx, sessionId: string, tokenHash: string): Promise<void> {
  await db.insert(refreshTokens).values({ sessionId, tokenHash });
}

/** Marks an unused refresh token used; only one of several racing callers gets the row. */
export async function useRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning();
  return row;
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function revokeSession(db: DbOrTx, id: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/** Sessions that still work: neither revoked nor expired. */
export async function countLiveSessions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return row?.n ?? 0;
}
