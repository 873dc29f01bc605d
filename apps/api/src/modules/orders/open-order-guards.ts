import { CartObjectSchema, type CartLine, type OrderLineRequest } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { resolveCartLines, type ResolvedLine } from '../cart/index.ts';
import { notEnough } from './take-lines.ts';

/** What openOrder refuses before it takes any stock. */

/**
 * The player's row is locked first, so two checkouts at once count one after the other and the
 * bound holds on PostgreSQL too. NO KEY UPDATE, not UPDATE: inserting any row that refers to the
 * player (an opening, a ship, a ledger line, a session) takes KEY SHARE on it, which UPDATE
 * would block, so a fulfilment holding the box's tiers and a checkout waiting for them would
 * deadlock. An order past its expiry that the expiry job has not reached yet holds nothing and
 * does not count.
 */
export async function refuseTooManyUnpaid(tx: Tx, userId: string, max: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId} AND status = 'pending' AND expires_at > now()`,
  );
  const unpaid = row?.n ?? 0;
  if (unpaid >= max) {
    throw new AppError(
      'TOO_MANY_UNPAID_ORDERS',
      409,
      `You have ${unpaid} unpaid orders. Pay for one or cancel it in My Orders before starting another checkout.`,
    );
  }
}

/**
 * A look before the transaction: a line already short of stock is refused with the same 409
 * the transaction would give, without opening one. In a drop most buyers lose; this keeps
 * them off the winners' row locks and their pool connections (bench/drop). It decides no
 * sale: a line that looks available still has to be taken by the conditional UPDATE.
 * Returns the shop cart's lines as read (undefined for other orders), so the transaction does
 * not read them again.
 */
export async function refuseWhatIsGone(db: Db, lines: OrderLineRequest[]): Promise<ResolvedLine[] | undefined> {
  const cart = lines.filter((l): l is CartLine => CartObjectSchema.safeParse(l.object).success);
  if (cart.length === 0 || cart.length !== lines.length) return undefined;
  const resolved = await resolveCartLines(db, cart);
  for (const line of resolved) if (line.stock !== null && line.stock < line.total) throw notEnough(line.name, line.stock);
  return resolved;
}
