import {
  CryptoQuoteSchema,
  CryptoStatusBodySchema,
  CryptoStatusResponseSchema,
  CryptoTidParamsSchema,
  CryptoVerifyBodySchema,
  CryptoVerifyResponseSchema,
  IdempotencyHeadersSchema,
  ItemCryptoBodySchema,
  ListingCryptoBodySchema,
  ListingCryptoQuoteSchema,
  ShopCryptoBodySchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERC20_PAYMENT_ABI } from '../../chain/erc20.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CryptoPayments } from './crypto-payments.service.ts';
import { answerOnce, type IdempotencyOptions } from './idempotent-start.ts';
import { detailPageLines } from './widget-lines.ts';
import { errors, REPORT_BODY_LIMIT, signedIn, tags } from './route-docs.ts';

const OPENS =
  ' Signed in; the transfer must come from the wallet linked to the account. 401 signed out, 403 buying closed, ' +
  '404 an item that is not sold, 409 no linked wallet or a line out of stock, 502 the session could not be ' +
  'started (stock given back), 503 crypto payments not set up or the chain unreachable.';
const VERIFIES =
  'Records the transaction the browser sent (once: the same txh again is the same request; another replaces it ' +
  'only while the recorded one is not mined — a sped-up or replaced transaction — and is a 409 once it is) ' +
  'and queues its verification on chain; waits up to 4 s for the decision. status verifying (ask again with ' +
  'GET /api/payment/eth_crypto/{tid}), paid, failed or review (error true, msg to show). Only a verified ' +
  'transfer of the token to the treasury from the linked wallet, of the exact amount, pays. ' +
  '404 unknown tid or another player’s; 409 another transaction already mined or decided, or from_wallet not ' +
  'the linked wallet; 503 the chain could not say whether the recorded transaction is mined.';

/** The crypto payment calls (storefront.md §7; docs/api-payments.md "Crypto payments"). */
export const cryptoPaymentRoutes: FastifyPluginAsyncZod<{
  crypto: CryptoPayments;
  idempotency: IdempotencyOptions;
}> = async (app, { crypto, idempotency }) => {
  const quoteRoute = { preHandler: app.requireAuth };

  app.post('/api/shop_payment/eth_crypto', {
    ...quoteRoute,
    schema: {
      tags,
      ...signedIn,
      summary:
        'Opens an order for the cart (method crypto, stock held until expiresAt) and quotes its total in USDC: ' +
        'send amountBase of tokenAddress on targetNetworkId to targetWallet from payerWallet.' +
        OPENS,
      headers: IdempotencyHeadersSchema,
      body: ShopCryptoBodySchema,
      response: { 200: CryptoQuoteSchema, ...errors },
    },
    handler: async (req, reply) =>
      answerOnce(idempotency, req, reply, () => crypto.quote(callerOf(req).userId, req.body.ids, 'cart')),
  });

  app.post('/api/payment/eth_crypto', {
    ...quoteRoute,
    schema: {
      tags,
      ...signedIn,
      summary:
        'One shop item from its detail page (a shop _id or blindbox-<code>, one copy), quoted as the cart call.' +
        OPENS,
      headers: IdempotencyHeadersSchema,
      body: ItemCryptoBodySchema,
      response: { 200: CryptoQuoteSchema, ...errors },
    },
    handler: async (req, reply) =>
      answerOnce(idempotency, req, reply, () => crypto.quote(callerOf(req).userId, detailPageLines(req.body), 'item')),
  });

  app.post('/api/marketplace/buy_session', {
    ...quoteRoute,
    schema: {
      tags,
      ...signedIn,
      summary:
        'One marketplace listing (its _id), reserved for the order and quoted as the cart call; contractAddress is ' +
        'the token and contractAbi its ERC-20 fragment (a plain transfer pays: no approve).' +
        OPENS +
        ' A listing: 403 the player’s own, 404 unknown, 409 no longer for sale, or (with `price_micro`) its seller changed the price.',
      headers: IdempotencyHeadersSchema,
      body: ListingCryptoBodySchema,
      response: { 200: ListingCryptoQuoteSchema, ...errors },
    },
    handler: async (req, reply) =>
      answerOnce(idempotency, req, reply, async () => {
        const quote = await crypto.quote(
          callerOf(req).userId,
          detailPageLines({ id: req.body.id, object: 'listing', price_micro: req.body.price_micro }),
          'listing',
        );
        return { ...quote, contractAddress: quote.tokenAddress, contractAbi: [...ERC20_PAYMENT_ABI] };
      }),
  });

  for (const path of [
    '/api/shop_payment/eth_crypto/verify',
    '/api/payment/eth_crypto/verify',
    '/api/marketplace/buy_session/verify',
  ]) {
    app.post(path, {
      preHandler: app.requireAuth,
      schema: {
        tags,
        ...signedIn,
        summary: VERIFIES,
        body: CryptoVerifyBodySchema,
        response: { 200: CryptoVerifyResponseSchema, ...errors },
      },
      handler: async (req) => crypto.verify(callerOf(req).userId, req.body),
    });
  }

  app.get('/api/payment/eth_crypto/:tid', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      ...signedIn,
      summary:
        'A crypto payment as the server knows it, in the shape of …/verify: awaiting_transfer, verifying, paid, ' +
        'failed or review. 404 unknown tid or another player’s.',
      params: CryptoTidParamsSchema,
      response: { 200: CryptoVerifyResponseSchema, ...errors },
    },
    handler: async (req) => crypto.read(callerOf(req).userId, req.params.tid),
  });

  app.post('/api/payment/eth_crypto/status', {
    preHandler: app.requireAuth,
    bodyLimit: REPORT_BODY_LIMIT,
    schema: {
      tags,
      ...signedIn,
      summary:
        'A step of the browser’s crypto payment (11–41 or a shop step name such as CLOSE_BROWSER), with its payload, ' +
        'result and content: kept in the order’s log, never acted on (step 40 pays nothing). Answers the payment’s ' +
        'status. 404 unknown tid or another player’s.',
      body: CryptoStatusBodySchema,
      response: { 200: CryptoStatusResponseSchema, ...errors },
    },
    handler: async (req) => crypto.report(callerOf(req).userId, req.body),
  });
};
