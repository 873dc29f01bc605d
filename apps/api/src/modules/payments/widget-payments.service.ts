import { createHash, timingSafeEqual } from 'node:crypto';
import type { OrderLineRequest } from '@starport/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { WidgetSetup } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { startPayment } from './start-payment.ts';
import { encodePayOrder } from './wert-calldata.ts';
import type { WertOrderLookup } from './wert-data-api.ts';
import { readWertEvent, WERT_FAILED, WERT_PAID, WERT_STARTED, type WertEvent } from './wert-events.ts';
import { microOf } from './wert-signing.ts';
import { widgetHoldFromNow, widgetProvider } from './widget-provider.ts';
import type { PayableOrder, WidgetOrderBook } from './order-book.ts';
import type { WidgetSession } from '@starport/schemas';

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
 * Fiat-to-crypto widget payments (docs/decisions/0016). `start` is the start-payment workflow
 * with the widget provider (widget-provider.ts): the stock reserved (an order) and the
 * smart-contract call Wert will make signed for exactly our total; afterwards only a
 * webhook that passes verification changes the order. The browser's reports are logged only.
 */
export class WidgetPayments {
  private readonly provider: ReturnType<typeof widgetProvider>;

  constructor(private readonly d: WidgetPaymentsDeps) {
    this.provider = widgetProvider(d);
  }

  /** Opens the order for `lines` (cart lines, or one marketplace listing) and signs its widget purchase. */
  start(userId: string, lines: OrderLineRequest[]): Promise<WidgetSession> {
    return startPayment(this.d, this.provider, userId, lines);
  }

  /**
   * Continue payment of a pending widget order: the widget signed again for the same order
   * (its code stays the click_id), holding nothing longer: Wert's payment_started does that.
   */
  async resume(userId: string, order: PayableOrder): Promise<WidgetSession> {
    const until = new Date(order.expires_at);
    const opened = await this.provider.openSession(order, {
      userId,
      prepared: undefined,
      requestedHold: until,
      heldUntil: until,
    });
    return opened.answer;
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
    const held = await this.d.orders.holdUntil(order.id, widgetHoldFromNow());
    return { handled: true, outcome: held ? 'held' : 'unchanged' };
  }

  /** Our order named by the event's click_id; one we did not open is acknowledged, not acted on. */
  private async orderOf(e: WertEvent) {
    const order = e.clickId ? await this.d.orders.findByProviderSession(this.d.provider, e.clickId) : undefined;
    if (!order) this.d.log.warn({ click_id: e.clickId, type: e.type }, 'wert webhook for an unknown click_id');
    return order;
  }
}
