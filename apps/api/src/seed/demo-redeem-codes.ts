import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { createCode, type NewCode } from '../modules/redeem/index.ts';

/**
 * Demo redeem codes, printed with the demo accounts by `npm start`: one grants DNC, one a
 * copy of a demo ship, one a Frontier Blind Box opened on the spot, each to many players once. Only the seed knows them in clear text;
 * like every code, only their hashes are stored. Made once: a code that exists is kept.
 */
export const DEMO_REDEEM_CODES = [
  { code: 'WELCOME-DNC', what: '1,000 DNC' },
  { code: 'FREE-SHIP', what: 'a demo ship' },
  { code: 'FREE-BOX', what: 'a blind box, opened at once' },
] as const;

export async function seedDemoRedeemCodes(db: Db): Promise<void> {
  const [ship] = await queryRows<{ id: number }>(db, sql`SELECT id FROM ships WHERE rarity = 0 ORDER BY id LIMIT 1`);
  const [box] = await queryRows<{ code: string }>(db, sql`SELECT code FROM blind_boxes ORDER BY code LIMIT 1`);
  const [dnc, free, freeBox] = DEMO_REDEEM_CODES;
  const grants: { code: string; grant: NewCode['grant'] }[] = [
    { code: dnc.code, grant: { kind: 'dnc', dnc: 1_000 } },
    ...(ship ? [{ code: free.code, grant: { kind: 'ship' as const, shipId: Number(ship.id) } }] : []),
    ...(box ? [{ code: freeBox.code, grant: { kind: 'blindbox' as const, boxCode: box.code, count: 1 } }] : []),
  ];
  for (const g of grants) {
    try {
      await createCode(db, { ...g, uses: 100_000, expiresAt: null });
    } catch (err) {
      // Seeded on an earlier start: the code's hash is taken already.
      if (!(err instanceof Error && err.message === 'That code exists already.')) throw err;
    }
  }
}
