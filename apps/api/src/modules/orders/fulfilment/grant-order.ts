import type { Tx } from '../../../db/client.ts';
import { runSteps, type Step } from '../../../lib/workflow.ts';
import { linesOf, type OrderLineRow } from '../orders.repo.ts';
import { grantLandCredit } from './grant-land-credit.ts';
import { grantListing } from './grant-listing.ts';
import { grantShopShips } from './grant-shop-ships.ts';
import { FulfilmentBlocked, type FulfilmentContext, type GrantedOrder, type LineGrant } from './grants.ts';
import { queueShipMints } from './queue-ship-mint.ts';
import { openBlindBoxes } from './open-blind-boxes.ts';

/**
 * Fulfilment as a workflow (lib/workflow.ts, the shape start-payment uses): one step per kind
 * of line, granted through the areas that own what they give. Every step first reads what is
 * granted already and grants only the rest, so running the steps again does nothing twice. No
 * step has an undo of its own: they run in the caller's single transaction, and a step that
 * fails (or blocks) rolls every step back with it, which is the undo of them all.
 */
type Fulfilment = { tx: Tx; order: GrantedOrder; lines: OrderLineRow[]; grants: LineGrant[]; context: FulfilmentContext };
type LineKindGrant = (tx: Tx, order: GrantedOrder, lines: OrderLineRow[], context: FulfilmentContext) => Promise<LineGrant[]>;

const eachLine =
  <G extends LineGrant>(grantLine: (tx: Tx, order: GrantedOrder, line: OrderLineRow) => Promise<G>): LineKindGrant =>
  async (tx, order, lines) => {
    const grants: G[] = [];
    for (const line of lines) grants.push(await grantLine(tx, order, line));
    return grants;
  };

/** The step that grants the order's lines of one kind (`object`). */
function grantStep(name: string, object: string, grant: LineKindGrant): Step<Fulfilment> & { object: string } {
  return {
    name,
    object,
    async run(f) {
      const mine = f.lines.filter((l) => l.object === object);
      if (mine.length > 0) f.grants.push(...(await grant(f.tx, f.order, mine, f.context)));
    },
  };
}

/** The steps, in the order they run. Blind boxes last and together: one nonce range, and tier rows locked once, in order. */
export const FULFILMENT_STEPS = [
  grantStep('grant shop ships', 'spaceship', eachLine(grantShopShips)),
  grantStep('deliver marketplace listings', 'listing', eachLine(grantListing)),
  grantStep('credit land credit', 'land_credit', eachLine(grantLandCredit)),
  grantStep('queue ship mints', 'ship_mint', queueShipMints),
  grantStep('open blind boxes', 'blindbox', openBlindBoxes),
] as const;

/**
 * Grants everything an order bought, in the caller's transaction, and reports it per line
 * (in line order). It does not look at the order's status: fulfilOrder calls it only from
 * the transaction that moves the order to fulfilled. Even so, every row it writes is unique
 * per order line (and copy or box), so calling it twice grants once.
 */
export async function grantOrder(tx: Tx, order: GrantedOrder, context: FulfilmentContext = {}): Promise<LineGrant[]> {
  const lines = await linesOf(tx, [order.id]);
  const unknown = lines.find((l) => !FULFILMENT_STEPS.some((s) => s.object === l.object));
  if (unknown) throw new FulfilmentBlocked(`Order line ${unknown.id} sells "${unknown.object}", which cannot be granted.`);
  const { grants } = await runSteps(FULFILMENT_STEPS, { tx, order, lines, grants: [], context });
  return grants.sort((a, b) => a.order_line_id - b.order_line_id);
}
