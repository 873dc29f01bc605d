import type { Tx } from '../../db/client.ts';
import { dncPacks } from '../../db/schema/index.ts';
import { groupThousands } from './item-view.ts';

/**
 * A lot of DNC a player puts up for sale: a pack of its own (named like the house's packs,
 * "12,500 DNC"), so a player's lot reads, lists, sells and shows its history exactly as a
 * house pack does. Returns the pack's id.
 */
export async function createDncPack(tx: Tx, p: { amount: number; priceMicro: bigint }): Promise<number> {
  const [pack] = await tx
    .insert(dncPacks)
    .values({ name: `${groupThousands(p.amount)} DNC`, amount: p.amount, priceMicro: Number(p.priceMicro) })
    .returning({ id: dncPacks.id });
  return pack!.id;
}
