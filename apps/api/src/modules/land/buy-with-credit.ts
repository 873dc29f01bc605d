import type { BuyLandWithCreditBody } from '@starport/schemas';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { debitLandCredit, grantPlots, landCreditBalance, lockCollection } from '../assets/index.ts';
import { countryAt } from './country.ts';
import { readPlotPricing } from './land-prices.ts';
import { cellsOfPurchase } from './plot-cells.ts';

const conflict = (msg: string) => new AppError('CONFLICT', 409, msg);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * POST /api/land/payment/credit: free cells bought with land credit, all or none, in one
 * transaction (decision 0044). The server prices the cells itself and refuses a total that is
 * not the one the player saw; the debit queues behind the player's other debits, so credit is
 * never spent twice; the cell key means of two players racing for a cell one gets it, and the
 * other's whole purchase rolls back with the cells named.
 */
export async function buyLandWithCredit(db: Db, userId: string, body: BuyLandWithCreditBody) {
  const cells = cellsOfPurchase(body.items);
  const pricing = await readPlotPricing(db);
  const total = pricing.price * cells.length;
  if (body.price !== total) {
    throw conflict(`The price is ${plural(total, 'land credit')} for ${plural(cells.length, 'plot')} now, not ${body.price}. Check the total and try again.`);
  }
  if (body.type === 'collection' && !body.collection) throw conflict('No collections have been selected yet.');

  return db.transaction(async (tx) => {
    let collectionId: number | null = null;
    if (body.type === 'collection') {
      const collection = await lockCollection(tx, userId, body.collection!);
      if (!collection) throw notFound('That collection is not one of yours.');
      if (collection.mintState !== 0) throw conflict(`The collection ${collection.name} is minting or minted: its land cannot change.`);
      collectionId = collection.id;
    }
    const debit = await debitLandCredit(tx, { userId, amount: total, reason: `land: ${plural(cells.length, 'plot')}` });
    if (!debit.ok) {
      throw conflict(`Not enough land credit: these plots cost ${total} and you have ${debit.balance}. Buy more land credit first.`);
    }
    const plots = cells.map((cell) => ({
      cellId: cell.id,
      country: countryAt(cell.center.lng, cell.center.lat),
      valuation: pricing.valuation,
      creditPaid: pricing.price,
    }));
    const { taken } = await grantPlots(tx, { userId, collectionId, plots });
    if (taken.length > 0) {
      // Throwing rolls the debit back with the plots: nothing is half bought.
      const which = taken.length === 1 ? 'one of these plots' : `${taken.length} of these plots`;
      throw conflict(`Another player already owns ${which} (${taken.join(', ')}). Choose free land and try again.`);
    }
    return {
      error: false as const,
      msg: `You bought ${plural(cells.length, 'plot')} for ${plural(total, 'land credit')}.`,
      cells: cells.map((c) => c.id),
      credit: await landCreditBalance(tx, userId),
    };
  });
}
