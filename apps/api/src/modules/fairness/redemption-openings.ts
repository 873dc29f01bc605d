import type { PublicOpening } from '@starport/schemas';
import { RARITY_LEGENDARY, RARITY_NAMES } from '@starport/schemas/fairness';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { grantShips } from '../assets/index.ts';
import { claimLegendarySerials, createShip } from '../catalogue/index.ts';
import { blindBoxesForOpening, moveTierSupplies } from '../shop/index.ts';
import { drawOpening, type Draw } from './draw.ts';
import { listOfRedemptions } from './fairness.repo.ts';
import { openingView } from './opening-view.ts';
import { recordOpening } from './openings.ts';
import { takeNonces } from './seed-pairs.ts';

/**
 * Blind boxes a redeem code grants (docs/decisions/0038), opened in the redeeming transaction
 * exactly as an order's boxes are opened in fulfilment (docs/decisions/0017): nonces from the
 * player's active seed pair, the box's odds as they are now, the drawn tier taken from the
 * box's supply, a Legendary serial for a Legendary draw, a new ship of the draw, its opening
 * recorded against the redemption, and the player's copy of the ship (source 'blindbox', no
 * price paid). Locks come in the order fulfilment takes them (seed pair, tier rows, serial
 * lock), so a redemption and a fulfilment never wait on each other in a circle.
 */

/**
 * The box cannot give what was drawn: its drawn tier is empty, or every Legendary serial is
 * taken. The caller rolls back; the draw is fixed by the nonce, so trying again gives the same
 * answer until the supply changes or the player rotates their seed pair.
 */
export class BoxesUnavailable extends Error {
  override name = 'BoxesUnavailable';
}

export type RedemptionBoxes = { userId: string; redemptionId: number; boxCode: string; count: number };

export async function openBoxesForRedemption(tx: Tx, r: RedemptionBoxes): Promise<void> {
  const box = (await blindBoxesForOpening(tx, [r.boxCode])).get(r.boxCode);
  if (!box) throw new Error(`there is no blind box ${r.boxCode}`);
  const { pair, first } = await takeNonces(tx, r.userId, r.count);
  const draws: Draw[] = [];
  for (let i = 0; i < r.count; i++) draws.push(await drawOpening(pair.serverSeed, pair.clientSeed, first + i, box.odds));

  if (box.hasTiers) {
    // A granted box holds no tiers beforehand (no order reserved them): it takes the drawn one now.
    const moved = await moveTierSupplies(
      tx,
      draws.map((d) => ({ boxCode: box.code, rarity: d.rarity, delta: -1 })),
    );
    if (!moved.ok) throw new BoxesUnavailable(`The ${box.name} has no ${RARITY_NAMES[moved.rarity]} ships left to give.`);
  }
  const legendary = draws.filter((d) => d.rarity === RARITY_LEGENDARY).length;
  const serials = await claimLegendarySerials(tx, legendary);
  if (serials.length < legendary) throw new BoxesUnavailable(`The ${box.name} has no Legendary ships left to give.`);

  for (const [boxIndex, draw] of draws.entries()) {
    const legendarySerial = draw.rarity === RARITY_LEGENDARY ? serials.shift()! : null;
    const shipId = await createShip(tx, { element: draw.element, rarity: draw.rarity, detailSeed: draw.detailSeed, legendarySerial });
    await recordOpening(tx, {
      redemptionId: r.redemptionId,
      boxIndex,
      userId: r.userId,
      boxCode: box.code,
      seedId: pair.id,
      draw,
      odds: box.odds,
      shipId,
    });
    await grantShips(tx, { userId: r.userId, source: 'blindbox', orderLineId: null, copies: [{ shipId, copyIndex: boxIndex }], paidMicro: null });
  }
}

/** What each box of these redemptions gave, with its proof, keyed by redemption id (by box). */
export async function openingsByRedemption(db: DbOrTx, redemptionIds: number[]): Promise<Map<number, PublicOpening[]>> {
  const byRedemption = new Map<number, PublicOpening[]>();
  for (const row of await listOfRedemptions(db, redemptionIds)) {
    const id = Number(row.redemption_id);
    byRedemption.set(id, [...(byRedemption.get(id) ?? []), openingView(row)]);
  }
  return byRedemption;
}
