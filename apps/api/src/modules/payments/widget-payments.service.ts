import { createHash, timingSafeEqual } from 'node:crypto';
import type { OrderLineRequest } from '@starport/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WidgetSetup } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { readSetting } from '../../db/settings.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { encodePayOrder } from './wert-calldata.ts';
import type { WertOrderLookup } from './wert-data-api.ts';
import { readWertEvent, WERT_FAILED, WERT_PAID, WERT_STARTED, type WertEvent } from './wert-events.ts';
import { commodityAmount, microOf, signScOptions } from './wert-signing.ts';
import type { WidgetOrderBook } from './order-book.ts';
import type { WidgetSession } from '@starport/schemas';

/**
 * How long a widget order holds its stock: Wert's identity check and a card's 3-D Secure take
 * longer than a card checkout. A `payment_started` event holds it as long again from then.
 */
export const WIDGET_HOLD_MINUTES = 60;
/** storefront.md §9: "The card widget item name is 'Spaceship'." */
export const WIDGET_ITEM_NAME = 'Spaceship';
/** The same sentence as POST /api/stripe/buy: buying is open only while sale_program is 1. */
export const SALES_CLOSED_MSG = 'Buying is closed at the moment. Please try again when the sale opens.';

export type WidgetPaymentsDeps = {
  db: Db;
  orders: WidgetOrderBook;
  setup: WidgetSetup;
  /** what orders record: 'wert', or 'wert-sandbox' for the sandbox widget */
  provider: string;
  /** Wert's Data API; null for the sandbox, whose webhook is its own word */
  lookup: WertOrderLookup | null;
  log: FastifyBaseLogger;
};

export type WebhookOutcome = { handled: boolean; outcome: string };

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Fiat-to-crypto widget payments (docs/decisions/0016). `start` reserves the stock (an order)
 * and signs the smart-contract call Wert will make for exactly our total; afterwards only a
 * webhook that passes verification changes the order. The browser's reports are logged only.
 */
export class WidgetPayments {
  constructor(private readonly d: WidgetPaymentsDeps) {}

  /** Opens the order for `lines` (cart lines, or one marketplace listing) and signs its widget purchase. */
  async start(userId: string, lines: OrderLineRequest[]): Promise<WidgetSession> {
    if ((await readSetting(this.d.db, 'sale_program')) !== 1) throw forbidden(SALES_CLOSED_MSG);
    const order = await this.d.orders.openOrder(userId, lines, 'widget');
    try {
      // The order must hold its stock as long as the widget can still be paid.
      if (!(await this.d.orders.holdUntil(order.id, new Date(Date.now() + WIDGET_HOLD_MINUTES * 60_000))))
        throw new Error('the order closed before the widget opened');
      const total = BigInt(order.total_micro);
      const { setup } = this.d;
      const signedData = signScOptions(
        {
          // Where Wert sends the coins if our contract cannot be called: the player's wallet.
          address: (await this.walletOf(userId)) ?? setup.scAddress,
          commodity: setup.commodity,
          commodity_amount: commodityAmount(total),
          network: setup.network,
          sc_address: setup.scAddress,
          sc_input_data: encodePayOrder(order.code, total),
        },
        setup.privateKey,
      );
      // The order code is the widget's click_id: Wert's webhooks name the order by it.
      if (!(await this.d.orders.attachSession(order.id, this.d.provider, order.code)))
        throw new Error('the order closed before its widget session was attached');
      return {
        tid: order.code,
        partnerID: setup.partnerId,
        commodity: setup.commodity,
        network: setup.network,
        origin: setup.origin,
        signedData,
        totalUSD: order.total,
        click_id: order.code,
        item_name: WIDGET_ITEM_NAME,
      };
    } catch (err) {
      // Nobody can pay this order: give its stock back now rather than at expiry.
      this.d.log.error({ err, order: order.code }, 'widget payment could not be started');
      await this.d.orders.fail(order.id, 'the widget payment could not be started');
      throw new AppError('INTERNAL', 502, 'The payment widget could not be started. Please try again.');
    }
  }

  /**
   * A webhook. Wert signs nothing, so the sender must know the secret last segment of the
   * address Wert was given; a wrong one is a 401 and changes nothing. Whatever passes is
   * answered 200 (Wert switches webhooks off after errors), handled or deliberately ignored.
   */
  async webhook(secret: string | undefined, body: unknown): Promise<WebhookOutcome> {
    if (!secret || !timingSafeEqual(sha256(secret), sha256(this.d.setup.webhookSecret)))
      throw new AppError('UNAUTHORIZED', 401, 'Invalid webhook address.');
    const event = readWertEvent(body);
    if (!event) {
      this.d.log.warn('wert webhook with a body that is not a Wert event');
      return { handled: false, outcome: 'unreadable' };
    }
    if (event.type === WERT_PAID) return this.paid(event);
    if ((WERT_FAILED as readonly string[]).includes(event.type)) return this.failed(event);
    if (event.type === WERT_STARTED) return this.started(event);
    return { handled: false, outcome: 'ignored' };
  }

  private async paid(e: WertEvent): Promise<WebhookOutcome> {
    if (!e.orderId) {
      this.d.log.error({ click_id: e.clickId }, 'wert order_complete without an order id');
      return { handled: false, outcome: 'unreadable' };
    }
    const order = await this.orderOf(e);
    if (!order) return { handled: false, outcome: 'unknown_order' };
    let commodity = e.commodity;
    let amount = e.commodityAmount;
    if (this.d.lookup) {
      // Believed only once Wert itself says so; what Wert says is what we check.
      const record = await this.d.lookup.find(e.orderId).catch((err: unknown) => {
        this.d.log.error({ err, wertOrder: e.orderId }, 'wert data api unreachable');
        throw new AppError('INTERNAL', 503, 'The payment could not be confirmed with Wert yet.');
      });
      if (!record || record.status !== 'success' || record.click_id !== e.clickId) {
        this.d.log.warn(
          { wertOrder: e.orderId, order: order.code, status: record?.status },
          'wert order not confirmed',
        );
        return { handled: false, outcome: 'not_confirmed' };
      }
      commodity = record.crypto.split('.')[0] ?? '';
      amount = record.crypto_amount;
    }
    const outcome = await this.d.orders.markPaid(order.id, {
      provider: this.d.provider,
      eventId: `${WERT_PAID}:${e.orderId}`,
      // Checked against our own total; an amount we cannot read is no amount at all.
      amountMicro: microOf(amount) ?? -1n,
      currency: this.currencyOf(e, commodity, order),
      payload: {
        event_type: e.type,
        wert_order_id: e.orderId,
        click_id: e.clickId,
        commodity,
        commodity_amount: amount,
        fiat_currency: e.currency,
        fiat_amount: e.currencyAmount,
        tx_id: e.txId,
        confirmed_by_data_api: Boolean(this.d.lookup),
      },
    });
    if (outcome === 'review')
      this.d.log.warn({ order: order.code, wertOrder: e.orderId }, 'widget payment needs review');
    return { handled: true, outcome };
  }

  /**
   * What the order was paid in, as markPaid compares it with the order's USD: our stablecoin
   * counts as USD one for one; another coin is itself; a call that was not this order's
   * payOrder on our contract paid something else, whatever its amount.
   */
  private currencyOf(e: WertEvent, commodity: string | null, order: { code: string; totalMicro: bigint }): string {
    const expected = order.totalMicro > 0n ? encodePayOrder(order.code, order.totalMicro) : '';
    if (e.scInputData !== null && e.scInputData.toLowerCase() !== expected.toLowerCase()) return 'OTHER_CALL';
    if (e.scAddress !== null && e.scAddress.toLowerCase() !== this.d.setup.scAddress.toLowerCase()) return 'OTHER_CALL';
    const coin = (commodity ?? '').toUpperCase();
    return coin === this.d.setup.commodity ? 'USD' : coin.slice(0, 16) || 'NONE';
  }

  private async failed(e: WertEvent): Promise<WebhookOutcome> {
    const order = await this.orderOf(e);
    if (!order) return { handled: false, outcome: 'unknown_order' };
    // Fails a pending order and gives its stock back, once; a paid order is left alone.
    const why = e.type === 'order_failed' ? 'the widget payment failed' : 'the widget payment was cancelled';
    return { handled: true, outcome: (await this.d.orders.fail(order.id, why)) ? 'failed' : 'unchanged' };
  }

  private async started(e: WertEvent): Promise<WebhookOutcome> {
    const order = await this.orderOf(e);
    if (!order) return { handled: false, outcome: 'unknown_order' };
    // The player pressed pay: the stock stays theirs while Wert charges the card and calls the contract.
    const held = await this.d.orders.holdUntil(order.id, new Date(Date.now() + WIDGET_HOLD_MINUTES * 60_000));
    return { handled: true, outcome: held ? 'held' : 'unchanged' };
  }

  /** Our order named by the event's click_id; one we did not open is acknowledged, not acted on. */
  private async orderOf(e: WertEvent) {
    const order = e.clickId ? await this.d.orders.findByProviderSession(this.d.provider, e.clickId) : undefined;
    if (!order) this.d.log.warn({ click_id: e.clickId, type: e.type }, 'wert webhook for an unknown click_id');
    return order;
  }

  private async walletOf(userId: string): Promise<string | null> {
    const [row] = await this.d.db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId));
    return row?.wallet ?? null;
  }
}
