import type { FastifyPluginAsync } from 'fastify';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { CardProviderConfig, WidgetProviderConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { CardPayments } from './card-payments.service.ts';
import { stripeCheckoutClient, stripeSdk, stripeWebhooks, type CheckoutClient, type WebhookVerifier } from './checkout-client.ts';
import { buildCryptoPayments, cryptoPaymentsPlugin } from './crypto-payments.plugin.ts';
import type { CryptoOrderBook, OrderBook, PayableOrders, WidgetOrderBook } from './order-book.ts';
import { sandboxCheckoutRoutes } from './sandbox/sandbox.routes.ts';
import { sandboxCheckoutClient } from './sandbox/sandbox-sessions.ts';
import { stripeRoutes } from './stripe.routes.ts';
import { continuePaymentRoutes } from './continue-payment.routes.ts';
import { topUpRoutes } from './top-up.routes.ts';
import { shipMintRoutes } from './ship-mint.routes.ts';
import { buildWidgetPayments, widgetPaymentsPlugin } from './widget-payments.plugin.ts';

export type PaymentsOptions = {
  db: Db;
  orders: OrderBook & WidgetOrderBook & CryptoOrderBook & PayableOrders;
  card: CardProviderConfig;
  widget: WidgetProviderConfig;
  chains: ChainsConfig;
  publicUrl: string;
};

/**
 * Card payments: /api/stripe/* always (buy answers 503 when card payments are off), and the
 * sandbox's hosted checkout at /sandbox/stripe/* only while the sandbox is the provider.
 * Both providers share one code path; only the session-creating client differs.
 * Widget payments (Wert or its sandbox) are widget-payments.plugin.ts; USDC payments verified
 * on chain are crypto-payments.plugin.ts; land-credit top-ups by all three are top-up.routes.ts.
 */
export const paymentsPlugin: FastifyPluginAsync<PaymentsOptions> = async (
  app,
  { db, orders, card, widget, chains, publicUrl },
) => {
  let service: CardPayments | null = null;
  if (card.provider !== 'off') {
    let checkout: CheckoutClient;
    let webhooks: WebhookVerifier;
    if (card.provider === 'stripe') {
      const stripe = stripeSdk(card.secretKey);
      checkout = stripeCheckoutClient(stripe);
      webhooks = stripe.webhooks;
    } else {
      checkout = sandboxCheckoutClient(db, publicUrl);
      // Stripe's own verification (static, needs no API key), exactly as for Stripe's events.
      webhooks = stripeWebhooks;
    }
    service = new CardPayments({
      db,
      orders,
      checkout,
      webhooks,
      webhookSecret: card.webhookSecret,
      publicUrl,
      log: app.log,
    });
  }
  app.log.info({ cardProvider: card.provider }, 'card payments');
  await app.register(stripeRoutes, { prefix: '/api/stripe', card: service, idempotency: { db } });
  if (card.provider === 'sandbox')
    // Its events are delivered by a job (payments-jobs.ts), signed with the configured secret there.
    await app.register(sandboxCheckoutRoutes, { prefix: '/sandbox/stripe', db });
  const widgetService = buildWidgetPayments({ db, orders, widget }, app.log);
  await app.register(widgetPaymentsPlugin, { db, orders, widget, publicUrl, service: widgetService });
  await app.register(continuePaymentRoutes, { orders, card: service, widget: widgetService });
  const crypto = buildCryptoPayments(app, { db, orders, chains });
  await app.register(cryptoPaymentsPlugin, { db, crypto, chains });
  // Land-credit top-ups: the same three ways to pay, each opening an order of one land_credit line.
  await app.register(topUpRoutes, { db, card: service, widget: widgetService, crypto, orders, idempotency: { db } });
  // Ship to NFT: the mint fee, paid by crypto as one ship_mint line.
  await app.register(shipMintRoutes, { db, chains, crypto, idempotency: { db } });
};
