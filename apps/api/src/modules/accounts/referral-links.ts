import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * Who referred whom. A player's referral link carries their wallet address as its `code`; a
 * player who arrived with a code keeps it in users.wallet_ref from the day the account was made.
 * Only a wallet-shaped code that names another player's wallet makes a referral.
 */

const WALLET_CODE = sql`'^0x[0-9a-f]{40}$'`;

/** The player who referred this one, if any (never the player themselves). */
export async function referrerOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT r.id::text AS id FROM users b JOIN users r ON r.wallet_address = lower(b.wallet_ref)
        WHERE b.id = ${userId} AND b.wallet_ref ~* ${WALLET_CODE} AND r.id <> b.id`,
  );
  return row?.id ?? null;
}

export type ReferredPlayer = { id: string; username: string; joinedAt: Date | string; referred: number };

/**
 * One page of the players who arrived with this player's link, newest first, each with how many
 * players they referred in turn; `code` is null for a player without a wallet (no link yet).
 */
export async function referredPlayers(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ code: string | null; players: ReferredPlayer[]; total: number }> {
  const [me] = await queryRows<{ wallet: string | null }>(db, sql`SELECT wallet_address AS wallet FROM users WHERE id = ${userId}`);
  const code = me?.wallet ?? null;
  if (!code) return { code, players: [], total: 0 };
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users WHERE lower(wallet_ref) = ${code} AND id <> ${userId}`,
  );
  const players = await queryRows<{ id: string; username: string; joined_at: Date | string; referred: number }>(
    db,
    sql`SELECT u.id::text AS id, u.username, u.created_at AS joined_at,
               (SELECT count(*)::int FROM users d WHERE u.wallet_address IS NOT NULL AND lower(d.wallet_ref) = u.wallet_address) AS referred
        FROM users u WHERE lower(u.wallet_ref) = ${code} AND u.id <> ${userId}
        ORDER BY u.created_at DESC, u.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return {
    code,
    players: players.map((p) => ({ id: p.id, username: p.username, joinedAt: p.joined_at, referred: Number(p.referred) })),
    total: Number(count?.n ?? 0),
  };
}
