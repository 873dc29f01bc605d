import type { Tx } from '../../../db/client.ts';
import { linesOf, type OrderLineRow } from '../orders.repo.ts';
import { grantListing } from './grant-listing.ts';
import { grantShopShips } from './grant-shop-ships.ts';
import { FulfilmentBlocked, type GrantedOrder, type LineGrant } from './grants.ts';
import { openBlindBoxes } from './open-blind-boxes.ts';

/**
 * One step of fulfilment: the lines of one kind, granted through the areas that own what they
 * give. Every step first reads what is granted already and grants only the rest, so running
 * the steps again does nothing twice. A step has no undo of its own: the steps run in the
 * caller's single transaction, and a step that fails (or blocks) rolls every step back with it.
 */
type FulfilmentStep = {
  name: string;
  object: string;
  grant(tx: Tx, order: GrantedOrder, lines: OrderLineRow[]): Promise<LineGrant[]>;
};

const eachLine =
  <G extends LineGrant>(grantLine: (tx: Tx, order: GrantedOrder, line: OrderLineRow) => Promise<G>) =>
  async (tx: Tx, order: GrantedOrder, lines: OrderLineRow[]): Promise<G[]> => {
    const grants: G[] = [];
    for (const line of lines) grants.push(await grantLine(tx, order, line));
    return grants;
  };

/** The steps, in the order they run. Blind boxes last and together: one nonce range, and tier rows locked once, in order. */
export const FULFILMENT_STEPS: readonly FulfilmentStep[] = [
  { name: 'grant shop ships', object: 'spaceship', grant: eachLine(grantShopShips) },
  { name: 'deliver marketplace listings', object: 'listing', grant: eachLine(grantListing) },
  { name: 'open blind boxes', object: 'blindbox', grant: openBlindBoxes },
];

/**
 * Grants everything an order bought, in the caller's transaction, and reports it per line
 * (in line order). It does not look at the order's status: fulfilOrder calls it only from
 * the transaction that moves the order to fulfilled. Even so, every row it writes is unique
 * per order line (and copy or box), so calling it twice grants once.
 */
export async function grantOrder(tx: Tx, order: GrantedOrder): Promise<LineGrant[]> {
  const lines = await linesOf(tx, [order.id]);
  const unknown = lines.find((l) => !FULFILMENT_STEPS.some((s) => s.object === l.object));
  if (unknown) throw new FulfilmentBlocked(`Order line ${unknown.id} sells "${unknown.object}", which cannot be granted.`);
  const grants: LineGrant[] = [];
  for (const step of FULFILMENT_STEPS) {
    const mine = lines.filter((l) => l.object === step.object);
    if (mine.length > 0) grants.push(...(await step.grant(tx, order, mine)));
  }
  return grants.sort((a, b) => a.order_line_id - b.order_line_id);
}
