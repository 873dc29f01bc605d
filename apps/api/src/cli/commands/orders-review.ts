import type { Db } from '../../db/client.ts';
import { CliError } from '../cli-error.ts';
import { ordersForReview, resolveReview, type OrderForReview } from '../../modules/orders/index.ts';

/** orders-review, resolve-review: the orders area keeps the review flag and its events. */

export const listOrdersForReview = (db: Db, limit: number): Promise<{ orders: OrderForReview[]; total: number }> =>
  ordersForReview(db, limit);

export async function closeReview(db: Db, code: string, note: string): Promise<void> {
  if (!(await resolveReview(db, code, note)))
    throw new CliError(`${code} is not waiting for review (or does not exist).`);
}
