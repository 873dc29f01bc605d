import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

export type ReferrerRow = { ref: string; points: number; user_id: string | null; username: string | null; avatar: string | null };

/**
 * Referrals grouped by the code players arrived with (users.wallet_ref: the referrer's
 * wallet address, from the `code` link parameter). A code that matches a user's wallet is
 * shown as that user. `since` null counts every referral ever.
 *
 * Referral links are built from wallet addresses, so only wallet-shaped codes count: the
 * `code` parameter is free text anyone can type, and a hand-made code (an e-mail address, a
 * rude word) names no player and must not reach a public board.
 */
function referrals(since: Date | null) {
  const period = since ? sql`AND created_at >= ${since.toISOString()}::timestamptz` : sql``;
  return sql`SELECT lower(wallet_ref) AS ref, count(*)::int AS points FROM users
    WHERE wallet_ref ~* '^0x[0-9a-f]{40}$' ${period} GROUP BY lower(wallet_ref)`;
}

export function topReferrers(db: DbOrTx, since: Date | null, limit: number, offset: number): Promise<ReferrerRow[]> {
  return queryRows<ReferrerRow>(
    db,
    sql`SELECT r.ref, r.points, u.id::text AS user_id, u.username, u.avatar
        FROM (${referrals(since)}) r LEFT JOIN users u ON u.wallet_address = r.ref
        ORDER BY r.points DESC, r.ref LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function countReferrers(db: DbOrTx, since: Date | null): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${referrals(since)}) r`);
  return row?.n ?? 0;
}
