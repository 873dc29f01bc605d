import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/**
 * The demo's referrals: a wallet player, commander, whose link captain and three other wallet
 * players arrived with. So the leaderboard's Champions tab has a champion, and a purchase by
 * captain earns commander a reward. Nobody holds these wallets' keys: they only name players.
 * (pilot and captain stay e-mail accounts: a linked wallet would change how they pay.)
 */
export const DEMO_REFERRER_WALLET = '0x5eed00000000000000000000000000000000a001';
const DEMO_REFERRED = [
  { username: 'nova-runner', wallet: '0x5eed00000000000000000000000000000000b001' },
  { username: 'orion-drift', wallet: '0x5eed00000000000000000000000000000000b002' },
  { username: 'vega-scout', wallet: '0x5eed00000000000000000000000000000000b003' },
] as const;

export const DEMO_REFERRER = 'commander';

/** Runs once: not when commander exists already. */
export async function seedDemoReferrals(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const made = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO users (username, wallet_address, created_at)
          VALUES (${DEMO_REFERRER}, ${DEMO_REFERRER_WALLET}, now() - interval '30 days')
          ON CONFLICT DO NOTHING RETURNING id::text AS id`,
    );
    if (made.length === 0) return false;
    await tx.execute(sql`UPDATE users SET wallet_ref = ${DEMO_REFERRER_WALLET} WHERE username = 'captain' AND wallet_ref IS NULL`);
    for (const [i, p] of DEMO_REFERRED.entries()) {
      // Wallet players sign in with their wallet: no password. Joined a few days apart.
      await tx.execute(
        sql`INSERT INTO users (username, wallet_address, wallet_ref, created_at)
            VALUES (${p.username}, ${p.wallet}, ${DEMO_REFERRER_WALLET}, now() - ${i + 1} * interval '1 day')
            ON CONFLICT DO NOTHING`,
      );
    }
    return true;
  });
}
