import type { Redemption } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { RedeemGrantKind } from '../../db/schema/index.ts';
import { creditDnc, grantShips } from '../assets/index.ts';
import { BoxesUnavailable, openBoxesForRedemption } from '../fairness/index.ts';
import { codeHash } from './code-hash.ts';
import { redemptionOf } from './redemption-view.ts';

/**
 * A player redeems a code (docs/decisions/0038-redeem-codes.md). One transaction counts the
 * use, records the player's redemption and grants, so either all three happen or none:
 *
 * - the count is one conditional UPDATE (not disabled, not expired, uses < max_uses), which
 *   also locks the code's row, so of players racing for the last use exactly one gets it;
 * - the redemption is unique per (code, player): the same player's second try meets the first
 *   one's row and rolls its count back.
 *
 * A blind-box code opens its boxes in that same transaction, through the fairness area (the
 * draw and proof of a bought box); a box that cannot give what it drew refuses the whole
 * redemption. A code that cannot be redeemed changes nothing and says why in a sentence for
 * the player.
 */

export const REDEEM_MESSAGES = {
  unknown: 'That code is not valid. Check it and try again.',
  disabled: 'This code is no longer active.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  already: 'You have already redeemed this code.',
  /** after the reason a blind box cannot give what it drew */
  boxLater: 'Nothing was used up: please try again later.',
} as const;

const refused = (msg: string) => new AppError('CONFLICT', 409, msg);

type TakenCode = {
  id: string;
  kind: RedeemGrantKind;
  dnc_amount: string | number | null;
  ship_id: number | null;
  box_code: string | null;
  box_count: number | null;
};

export async function redeemCode(db: Db, userId: string, code: string): Promise<Redemption> {
  const hash = codeHash(code);
  const id = await db.transaction(async (tx) => {
    const [taken] = await queryRows<TakenCode>(
      tx,
      sql`UPDATE redeem_codes SET uses = uses + 1
          WHERE code_hash = ${hash} AND disabled_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AND uses < max_uses
          RETURNING id::text AS id, kind, dnc_amount, ship_id, box_code, box_count`,
    );
    if (!taken) throw await whyNot(tx, hash, userId);
    const [redemption] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO redeem_redemptions (code_id, user_id, kind, dnc_amount, ship_id, box_code, box_count)
          VALUES (${taken.id}::bigint, ${userId}::uuid, ${taken.kind}, ${taken.dnc_amount}::bigint, ${taken.ship_id}::int,
                  ${taken.box_code}::text, ${taken.box_count}::int)
          ON CONFLICT (code_id, user_id) DO NOTHING RETURNING id::text AS id`,
    );
    // Throwing rolls the count back: a player's second redemption of a code uses nothing up.
    if (!redemption) throw refused(REDEEM_MESSAGES.already);
    await grant(tx, userId, Number(redemption.id), taken);
    return Number(redemption.id);
  });
  return (await redemptionOf(db, userId, id))!;
}

async function grant(tx: Tx, userId: string, redemptionId: number, code: TakenCode): Promise<void> {
  if (code.kind === 'dnc') {
    await creditDnc(tx, { userId, amount: Number(code.dnc_amount), reason: `redeem code ${code.id}` });
    return;
  }
  if (code.kind === 'blindbox') {
    try {
      await openBoxesForRedemption(tx, { userId, redemptionId, boxCode: code.box_code!, count: Number(code.box_count) });
    } catch (err) {
      // Throwing rolls the use, the redemption and the draw back: the code stays redeemable.
      if (err instanceof BoxesUnavailable) throw refused(`${err.message} ${REDEEM_MESSAGES.boxLater}`);
      throw err;
    }
    return;
  }
  const [copy] = await grantShips(tx, { userId, source: 'grant', orderLineId: null, copies: [{ shipId: Number(code.ship_id), copyIndex: 0 }] });
  await tx.execute(sql`UPDATE redeem_redemptions SET owned_ship_id = ${copy!.id} WHERE id = ${redemptionId}`);
}

/** Why the code could not be taken, most particular to the player first. */
async function whyNot(tx: Tx, hash: string, userId: string): Promise<AppError> {
  const [row] = await queryRows<{ disabled: boolean; expired: boolean; used_up: boolean; mine: boolean }>(
    tx,
    sql`SELECT c.disabled_at IS NOT NULL AS disabled, c.expires_at IS NOT NULL AND c.expires_at <= now() AS expired,
               c.uses >= c.max_uses AS used_up,
               EXISTS (SELECT 1 FROM redeem_redemptions r WHERE r.code_id = c.id AND r.user_id = ${userId}) AS mine
        FROM redeem_codes c WHERE c.code_hash = ${hash}`,
  );
  if (!row) return notFound(REDEEM_MESSAGES.unknown);
  if (row.mine) return refused(REDEEM_MESSAGES.already);
  if (row.disabled) return refused(REDEEM_MESSAGES.disabled);
  if (row.expired) return refused(REDEEM_MESSAGES.expired);
  return refused(REDEEM_MESSAGES.usedUp);
}
