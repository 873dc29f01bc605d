import type { Tx } from '../../../db/client.ts';
import { queueShipMint, ShipMintBlocked } from '../../minting/index.ts';
import type { OrderLineRow } from '../orders.repo.ts';
import { FulfilmentBlocked, type FulfilmentContext, type GrantedOrder, type ShipMintGrant } from './grants.ts';

/**
 * A paid mint fee (decision 0052): the ship copy's mint opens and is queued, through the minting
 * area, in the fulfilment's transaction. The mint's key on the copy makes this once per copy: a
 * fulfilment that runs again finds the mint open and queues nothing more. A server that cannot
 * mint blocks the order for an operator (paid, nothing lost) rather than dropping the fee.
 */
export async function queueShipMints(tx: Tx, order: GrantedOrder, lines: OrderLineRow[], context: FulfilmentContext): Promise<ShipMintGrant[]> {
  if (!context.chains) throw new FulfilmentBlocked('A paid ship mint fee needs the chain configuration to mint.');
  const grants: ShipMintGrant[] = [];
  for (const line of lines) {
    try {
      const { mintId } = await queueShipMint(tx, context.chains, { userId: order.userId, ownedShipId: line.ownedShipId! });
      grants.push({ order_line_id: line.id, object: 'ship_mint', owned_ship_id: line.ownedShipId!, mint_id: mintId });
    } catch (err) {
      if (err instanceof ShipMintBlocked) throw new FulfilmentBlocked(err.message);
      throw err;
    }
  }
  return grants;
}
