// Over 300 lines: the order state machine in one class, so every move (open, hold, pay, fail, expire, cancel) is read side by side.
import type { Order, OrderLineRequest, OrderStatus, PaymentMethod } from '@starport/schemas';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { priceCart, readDiscountTiers } from '../cart/index.ts';
import { openingsByOrderLine } from '../fairness/index.ts';
import { ORDER_FULFIL_JOB } from './fulfil-order-job.ts';
import { newOrderCode } from './order-code.ts';
import { ORDER_UNATTACHED_JOB, SESSION_GRACE_MS } from './unattached-order-job.ts';
import { PAID_STATUSES } from './order-states.ts';
import { orderView } from './order-view.ts';
import * as repo from './orders.repo.ts';
import { writeOpenedOrder } from './opened-order.repo.ts';
import { heldShipMintsOf, listingHolder } from './reservations.repo.ts';
import { shipMintPaymentSent } from '../assets/index.ts';
import { refuseTooManyUnpaid, refuseWhatIsGone } from './open-order-guards.ts';
import { StockGate } from './stock-gate.ts';
import {
  consumeLines,
  notEnough,
  recordHeldReservations,
  releaseLines as release,
  ShortOfStock,
  takeLines,
  type TakenLine,
} from './take-lines.ts';
import type { ResolvedLine } from '../cart/index.ts';

export const ORDER_EXPIRE_JOB = 'order.expire';

/** holdAtLeast: keep the stock at least until then (a payment session's minimum life), if later than the reservation. */
export type OpenOptions = { holdAtLeast?: Date };

/** When a checkout's takes began, in the stock gate's order of events (what it saw is as of then). */
type TakeAttempt = { at?: number };

/** The shop row of a cart that is one spaceship line (its id is the row's), else undefined. */
function gatedShopRow(lines: OrderLineRequest[]): number | undefined {
  const [line] = lines;
  if (lines.length !== 1 || line?.object !== 'spaceship' || !/^[1-9]\d{0,9}$/.test(line.id)) return undefined;
  const id = Number(line.id);
  return id <= 2_147_483_647 ? id : undefined;
}

export type OrdersDeps = {
  db: Db;
  reservationMinutes: number;
  /**
   * Most unpaid orders a player may have at once (ORDER_MAX_PENDING): each holds stock, so
   * without a bound one account could keep a limited drop off sale by reopening checkouts.
   * Unset: no bound (composition.ts always sets it; only tests leave it out).
   */
  maxPendingOrders?: number;
  /** how long a checkout waits for its turn at a shop row (stock-gate.ts); tests shorten it */
  gateMaxWaitMs?: number;
};

/** What a provider told us about a payment (a verified webhook or on-chain transfer, never the browser). */
export type ProviderPayment = {
  provider: string;
  /** the provider's id of this event: each is recorded once */
  eventId: string;
  /** what was paid, when the provider says; checked against our own total */
  amountMicro?: bigint;
  currency?: string;
  payload?: Record<string, unknown>;
};

export type PaidOutcome = 'paid' | 'already_paid' | 'review';

/** Order-log kinds for what the server saw of a payment on its own (not the browser's word). */
export type PaymentObservation = 'transfer_found_on_chain' | 'transaction_replaced';

const orderGone = () => notFound('No such order.');
const notPayableMsg = (code: string, status: string) =>
  status === 'pending'
    ? `Order ${code} is no longer reserved for you and can no longer be paid.`
    : `Order ${code} is ${status} and can no longer be paid.`;

/**
 * Orders and their stock. Every change of status goes through repo.transition (one
 * conditional UPDATE, one event row); shop copies, blind-box tiers and listings are taken
 * only in openOrder and come back only in release(), from the transaction that moved the
 * order out of pending (take-lines.ts).
 */
export class OrdersService {
  /** One checkout at a time per shop row in a one-line cart (stock-gate.ts). */
  private readonly gate: StockGate;

  constructor(private readonly d: OrdersDeps) {
    this.gate = new StockGate(d.gateMaxWaitMs);
  }

  /**
   * Prices and reserves a cart (or one marketplace listing) for a payment session, in one
   * transaction: the lines are priced from our own tables, each shop line's copies, each blind
   * box's tiers and the listing are taken by conditional UPDATEs (take-lines.ts), and the
   * order, its reservations and its expiry job are written together. Any failure (a sold-out
   * line, a listing already taken, a crash) rolls all of it back, stock included.
   */
  async openOrder(
    userId: string,
    lines: OrderLineRequest[],
    method: PaymentMethod,
    opts: OpenOptions = {},
  ): Promise<Order & { id: number }> {
    if (lines.length === 0) throw badRequest('The cart is empty.');
    const rowId = gatedShopRow(lines);
    if (rowId === undefined) {
      const resolved = await refuseWhatIsGone(this.d.db, lines);
      return (await this.openInTransaction(userId, lines, method, opts, resolved)).order;
    }
    return this.openThroughGate(userId, lines, method, opts, rowId);
  }

  /**
   * A one-line shop cart waits for its row's turn, holding no connection. If a checkout that
   * took its turn while this one waited found too few copies, this one is answered the same;
   * otherwise it looks and takes for itself. Either way its outcome is left for the next in line.
   */
  private async openThroughGate(
    userId: string,
    lines: OrderLineRequest[],
    method: PaymentMethod,
    opts: OpenOptions,
    rowId: number,
  ): Promise<Order & { id: number }> {
    const arrived = this.gate.mark();
    const pass = await this.gate.enter(rowId);
    const attempt: TakeAttempt = {};
    try {
      const wanted = lines[0]!.total;
      const seen = pass.seenSince(arrived);
      if (seen && seen.stock < wanted) throw notEnough(seen.name, seen.stock);
      attempt.at = this.gate.mark();
      const resolved = await refuseWhatIsGone(this.d.db, lines);
      const { order, taken } = await this.openInTransaction(userId, lines, method, opts, resolved, attempt);
      const [line] = taken;
      if (line?.stockAfter !== undefined) pass.observe(line.stockAfter, line.name, attempt.at);
      return order;
    } catch (err) {
      if (err instanceof ShortOfStock && attempt.at !== undefined) pass.observe(err.left, err.itemName, attempt.at);
      throw err;
    } finally {
      pass.leave();
    }
  }

  private openInTransaction(
    userId: string,
    lines: OrderLineRequest[],
    method: PaymentMethod,
    opts: OpenOptions,
    resolved: ResolvedLine[] | undefined,
    attempt: TakeAttempt = {},
  ): Promise<{ order: Order & { id: number }; taken: TakenLine[] }> {
    return this.d.db.transaction(async (tx) => {
      if (this.d.maxPendingOrders !== undefined) await refuseTooManyUnpaid(tx, userId, this.d.maxPendingOrders);
      attempt.at = this.gate.mark();
      const priced = await takeLines(tx, userId, lines, resolved);
      // Volume discounts count items of the shop; credits and mint fees are not items, and each is
      // bought alone. Every tier starts at 2 items or more, so one item needs no tiers.
      const oneItem = priced.reduce((n, l) => n + l.total, 0) < 2;
      const noTiers = oneItem || priced.some((l) => l.object === 'land_credit' || l.object === 'ship_mint');
      const totals = priceCart(priced, noTiers ? [] : await readDiscountTiers(tx));
      const { order, lines: written } = await writeOpenedOrder(
        tx,
        {
          code: newOrderCode(),
          userId,
          method,
          totalsubMicro: totals.totalsubMicro,
          discountMicro: totals.discountMicro,
          totalMicro: totals.priceTotalMicro,
          discountBps: Math.round(totals.discountPercent * 100),
          reservationMinutes: this.d.reservationMinutes,
          holdAtLeast: opts.holdAtLeast,
        },
        priced.map((l) => ({
          object: l.object,
          shopStockId: l.shopStockId,
          blindBoxCode: l.boxCode,
          listingId: l.listingId,
          ownedShipId: l.ownedShipId,
          name: l.name,
          quantity: l.total,
          unitSellPriceMicro: l.sellPriceMicro,
          unitListPriceMicro: l.listPriceMicro,
        })),
        { method, total_micro: totals.priceTotalMicro.toString() },
        // The expiry at expires_at; and a start that dies before attaching its session cannot
        // undo itself, so a check SESSION_GRACE_MS after the order was opened.
        { expireKind: ORDER_EXPIRE_JOB, unattachedKind: ORDER_UNATTACHED_JOB, unattachedAfterMs: SESSION_GRACE_MS },
      );
      await recordHeldReservations(tx, order.id, priced);
      return { order: { id: order.id, ...orderView(order, written) }, taken: priced };
    });
  }

  /**
   * The reservation lapsed: pending → expired and the stock goes back, once. Not yet due
   * (a job run early) changes nothing; a paid, cancelled or already expired order neither.
   */
  async expire(orderId: number): Promise<'expired' | 'not_due' | 'unchanged'> {
    return this.d.db.transaction(async (tx) => {
      const moved = await repo.transition(tx, orderId, ['pending'], 'expired', { kind: 'expired' }, { dueOnly: true });
      if (!moved.ok) return moved.current === 'pending' ? 'not_due' : 'unchanged';
      await release(tx, orderId);
      return 'expired';
    });
  }

  /** The payment could not go ahead (the session could not be opened, the provider declined for good). */
  async fail(orderId: number, reason: string): Promise<boolean> {
    return this.d.db.transaction(async (tx) => {
      const moved = await repo.transition(tx, orderId, ['pending'], 'failed', { kind: 'failed', payload: { reason } });
      if (moved.ok) await release(tx, orderId);
      return moved.ok;
    });
  }

  /**
   * A pending order that never got its payment session (its start was cut off): failed, its
   * stock back. The row lock orders this against a late attachSession: whichever comes second
   * finds the other's result (an attached order stays; a failed one cannot be attached).
   */
  async failUnattached(orderId: number): Promise<boolean> {
    return this.d.db.transaction(async (tx) => {
      const order = await repo.lockForUpdate(tx, orderId);
      if (!order || order.status !== 'pending' || order.providerSessionId !== null) return false;
      const moved = await repo.transition(tx, orderId, ['pending'], 'failed', {
        kind: 'failed',
        payload: { reason: 'The payment session was never opened.' },
      });
      if (moved.ok) await release(tx, orderId);
      return moved.ok;
    });
  }

  /** The owner gives up a pending order; another user's code is a 404, so codes cannot be probed. */
  async cancel(userId: string, code: string): Promise<Order> {
    const id = await this.d.db.transaction(async (tx) => {
      const order = await repo.findOwned(tx, userId, code);
      if (!order) throw orderGone();
      const moved = await repo.transition(tx, order.id, ['pending'], 'cancelled', { kind: 'cancelled_by_owner' });
      if (!moved.ok)
        throw new AppError('CONFLICT', 409, `This order is ${moved.current} and can no longer be cancelled.`);
      await release(tx, order.id);
      return order.id;
    });
    return this.view(id);
  }

  /**
   * A verified payment: pending → paid, and the reserved copies are sold. Idempotent: an
   * order already paid is left as it is and nothing is written. A payment for an order that
   * is no longer pending (expired, cancelled) or of another amount is not accepted: it is
   * recorded and the order flagged for review, so an operator can refund or honour it.
   */
  markPaid(orderId: number, p: ProviderPayment): Promise<PaidOutcome> {
    return this.d.db.transaction((tx) => this.settlePayment(tx, orderId, p));
  }

  /**
   * markPaid in the caller's transaction (a savepoint inside it), so that what proves the
   * payment (a used on-chain transfer) and the order's new state commit together or not at all.
   */
  markPaidInTx(tx: Tx, orderId: number, p: ProviderPayment): Promise<PaidOutcome> {
    return tx.transaction((savepoint) => this.settlePayment(savepoint, orderId, p));
  }

  private async settlePayment(tx: Tx, orderId: number, p: ProviderPayment): Promise<PaidOutcome> {
    const order = await repo.findById(tx, orderId);
    if (!order) throw orderGone();
    const eventId = `${p.provider}:${p.eventId}`;
    const payload = {
      provider: p.provider,
      amount_micro: p.amountMicro?.toString() ?? null,
      currency: p.currency ?? null,
      ...p.payload,
    };
    if (
      (p.amountMicro !== undefined && p.amountMicro !== order.totalMicro) ||
      (p.currency !== undefined && p.currency.toUpperCase() !== order.currency)
    ) {
      return this.review(tx, orderId, { kind: 'payment_mismatch', providerEventId: eventId, payload });
    }
    const moved = await repo.transition(tx, orderId, ['pending'], 'paid', {
      kind: 'paid',
      providerEventId: eventId,
      payload,
    });
    if (moved.ok) {
      await this.consume(tx, orderId);
      // Fulfilment (decision 0017): queued with the payment, so every paid order has its job.
      await enqueueJob(tx, ORDER_FULFIL_JOB, { orderId }, { dedupeKey: `${ORDER_FULFIL_JOB}:${orderId}` });
      return 'paid';
    }
    if (moved.current && PAID_STATUSES.includes(moved.current)) return 'already_paid';
    return this.review(tx, orderId, {
      kind: 'payment_after_close',
      providerEventId: eventId,
      payload: { ...payload, status: moved.current },
    });
  }

  /** Records the payment session a provider opened for this order (once). */
  attachSession(orderId: number, provider: string, sessionId: string): Promise<boolean> {
    return repo.attachSession(this.d.db, orderId, provider, sessionId);
  }

  /**
   * Keeps a pending order's stock at least until `until` (never shortens it), and its expiry
   * job with it: a card provider's session may not lapse sooner than its own minimum (Stripe:
   * 30 minutes), and the order must not expire while its session can still be paid.
   * Returns the order's expiry as it now is, or null when the order is no longer pending.
   */
  holdUntil(orderId: number, until: Date): Promise<Date | null> {
    return this.d.db.transaction((tx) => this.extendHold(tx, orderId, until));
  }

  /** holdUntil in the caller's transaction (a savepoint), so the hold commits with what needs it. */
  holdUntilInTx(tx: Tx, orderId: number, until: Date): Promise<Date | null> {
    return tx.transaction(async (savepoint) => {
      const held = await this.extendHold(savepoint, orderId, until);
      // A mint fee's transfer is reported: its ship moves from 'lock' to 'verify_payment' (owned-assets.md §4.2).
      if (held) for (const ownedShipId of await heldShipMintsOf(savepoint, orderId)) await shipMintPaymentSent(savepoint, ownedShipId);
      return held;
    });
  }

  private extendHold(tx: Tx, orderId: number, until: Date): Promise<Date | null> {
    return repo.extendExpiry(tx, orderId, until, `${ORDER_EXPIRE_JOB}:${orderId}`);
  }

  /**
   * Money may have moved that no payment could account for (a reported transfer the chain never
   * let us check): the order is flagged for an operator with the reason (orders-review.ts), in
   * the caller's transaction (a savepoint), so the flag commits with the decision that needs it.
   */
  async flagForReviewInTx(tx: Tx, orderId: number, reason: string, payload: Record<string, unknown>): Promise<void> {
    await tx.transaction(async (savepoint) => {
      await repo.logEvent(savepoint, orderId, { kind: 'payment_unverified', payload: { reason, ...payload } });
      await repo.markNeedsReview(savepoint, orderId);
    });
  }

  /**
   * What the server itself saw of a crypto payment, for support: a transfer it found on chain
   * with no report from the browser, or a transaction the wallet replaced. Written in the
   * caller's transaction, so the line exists exactly when the change it describes does.
   */
  async logPaymentObservationInTx(
    tx: Tx,
    orderId: number,
    kind: PaymentObservation,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await repo.logEvent(tx, orderId, { kind, payload });
  }

  /**
   * What the browser says about its payment (widget events, status 1/2/4): kept in the order's
   * log and never acted on. Only the owner may report; another user's code is a 404.
   */
  async logBrowserReport(
    userId: string,
    code: string,
    kind: 'browser_report' | 'browser_log',
    payload: Record<string, unknown>,
  ): Promise<OrderStatus> {
    const order = await repo.findOwned(this.d.db, userId, code);
    if (!order) throw orderGone();
    await repo.logEvent(this.d.db, order.id, { kind, payload });
    return order.status as OrderStatus;
  }

  findByProviderSession(provider: string, sessionId: string) {
    return repo.findByProviderSession(this.d.db, provider, sessionId);
  }

  /**
   * Continue payment: the caller's pending order that can still be paid, with what its
   * provider needs to reopen the same session. 404 as getOwned; 409 once it no longer holds
   * its stock (paid, closed, or past its expiry even before the expiry job ran).
   */
  async payableOwned(
    userId: string,
    code: string,
  ): Promise<Order & { id: number; provider: string | null; providerSessionId: string | null }> {
    const order = await repo.findOwned(this.d.db, userId, code);
    if (!order) throw orderGone();
    if (order.status !== 'pending' || order.expiresAt.getTime() <= Date.now())
      throw new AppError('CONFLICT', 409, notPayableMsg(order.code, order.status));
    return {
      ...orderView(order, await repo.linesOf(this.d.db, [order.id])),
      id: order.id,
      provider: order.provider,
      providerSessionId: order.providerSessionId,
    };
  }

  /**
   * A reserved listing's hold as its item page shows it: until when, and the order's code for
   * its buyer only (Continue payment); null when no pending order holds it.
   */
  async listingHold(listingId: number, viewerId: string | null): Promise<{ until: string; order: string | null } | null> {
    const holder = await listingHolder(this.d.db, listingId);
    if (!holder) return null;
    return { until: holder.expiresAt.toISOString(), order: holder.userId === viewerId ? holder.code : null };
  }

  /** GET /api/orders/{code}: the caller's order, or a 404 whether it is someone else's or does not exist. */
  async getOwned(userId: string, code: string): Promise<Order> {
    const order = await repo.findOwned(this.d.db, userId, code);
    if (!order) throw orderGone();
    return this.present(order, await repo.linesOf(this.d.db, [order.id]));
  }

  /** GET /api/orders: the caller's orders, newest first. */
  async listOwned(
    userId: string,
    page: number,
    limit: number,
  ): Promise<{ orders: Order[]; total: number; page: number; limit: number }> {
    const { rows, total } = await repo.listOwned(this.d.db, userId, page, limit);
    const lines = await repo.linesOf(
      this.d.db,
      rows.map((r) => r.id),
    );
    const openings = await this.openingsOf(lines);
    return {
      orders: rows.map((r) =>
        orderView(
          r,
          lines.filter((l) => l.orderId === r.id),
          openings,
        ),
      ),
      total,
      page,
      limit,
    };
  }

  private async view(orderId: number): Promise<Order> {
    const order = await repo.findById(this.d.db, orderId);
    if (!order) throw orderGone();
    return this.present(order, await repo.linesOf(this.d.db, [orderId]));
  }

  /** The order with what its blind boxes gave (the fairness area keeps the openings). */
  private async present(order: repo.OrderRow, lines: repo.OrderLineRow[]): Promise<Order> {
    return orderView(order, lines, await this.openingsOf(lines));
  }

  private openingsOf(lines: repo.OrderLineRow[]) {
    return openingsByOrderLine(
      this.d.db,
      lines.filter((l) => l.object === 'blindbox').map((l) => l.id),
    );
  }

  /**
   * The paid order's reservations are sold (take-lines.ts consumeLines). A listing found no
   * longer reserved cannot be handed over: the order stays paid and goes to review.
   */
  private async consume(tx: Tx, orderId: number): Promise<void> {
    const lost = await consumeLines(tx, orderId);
    if (lost.length) {
      await repo.logEvent(tx, orderId, { kind: 'listing_not_reserved', payload: { listing_ids: lost } });
      await repo.markNeedsReview(tx, orderId);
    }
  }

  private async review(tx: Tx, orderId: number, event: repo.OrderEvent): Promise<PaidOutcome> {
    // The same provider event twice is logged once (unique provider_event_id).
    if (await repo.logEvent(tx, orderId, event)) await repo.markNeedsReview(tx, orderId);
    return 'review';
  }
}
