import {
  CryptoQuoteSchema,
  CryptoStatusResponseSchema,
  CryptoVerifyBodySchema,
  CryptoVerifyResponseSchema,
  IdempotencyHeadersSchema,
  MINT_NEEDS_WALLET,
  MINT_QUEUED,
  MINTING_UNAVAILABLE,
  ShipMintBodySchema,
  ShipMintStatusBodySchema,
  ShipMintTermsResponseSchema,
} from '@starport/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentSetup, type ChainsConfig } from '../../chain/chain-config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { canMintShips, shipMintTerms } from '../minting/index.ts';
import type { CryptoPayments } from './crypto-payments.service.ts';
import { answerOnce, type IdempotencyOptions } from './idempotent-start.ts';
import { errors, REPORT_BODY_LIMIT, signedIn } from './route-docs.ts';

type ShipMintRoutesOptions = { db: Db; chains: ChainsConfig; crypto: CryptoPayments; idempotency: IdempotencyOptions };

const tags = ['minting'];

/**
 * Ship to NFT, paid (owned-assets.md §4.2, §4.4, §7.7; decision 0052; docs/api-minting.md): the
 * mint fee is an order of one `ship_mint` line paid in USDC from the linked wallet through the
 * crypto payments every purchase uses (same quote, same verifier, one transfer pays one thing).
 * The paid order's fulfilment queues the server's mint of the copy to the linked wallet.
 */
export const shipMintRoutes: FastifyPluginAsyncZod<ShipMintRoutesOptions> = async (app, { db, chains, crypto, idempotency }) => {
  const ready = () => paymentSetup(chains) !== undefined && canMintShips(chains);

  app.get('/api/minting/request/terms', {
    schema: {
      tags,
      summary: 'What converting a ship to an NFT costs (USDC on the payment chain), and whether this server can do it',
      response: { 200: ShipMintTermsResponseSchema, ...errors },
    },
    handler: async () => shipMintTerms(db, chains, paymentSetup(chains) !== undefined),
  });

  app.post('/api/minting/request/', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      ...signedIn,
      headers: IdempotencyHeadersSchema,
      summary:
        'Opens the mint of one of the caller’s ship copies (item_id: its _id in GET /api/my/assets): an order of one line ' +
        '"Convert {ship} to NFT" priced at the mint fee, quoted in USDC exactly as POST /api/credit/payment/eth_crypto. The copy is ' +
        'held (state minting, nft.mint_status lock) until the order is paid or lapses. 400 no linked wallet; 404 not the caller’s ' +
        'ship; 409 the ship is listed, assigned, staked, already converting or an NFT, or too many unpaid orders; 403 buying ' +
        'closed; 503 minting or crypto payments not set up here.',
      body: ShipMintBodySchema,
      response: { 200: CryptoQuoteSchema, ...errors },
    },
    handler: async (req, reply) =>
      answerOnce(idempotency, req, reply, async () => {
        if (!ready()) throw new AppError('UNAVAILABLE', 503, MINTING_UNAVAILABLE);
        const { userId } = callerOf(req);
        const [user] = await db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId));
        if (!user?.wallet) throw badRequest(MINT_NEEDS_WALLET);
        return crypto.quote(userId, [{ object: 'ship_mint', id: String(req.body.item_id), total: 1 }], 'ship_mint');
      }),
  });

  app.patch('/api/minting/request/status', {
    preHandler: app.requireAuth,
    bodyLimit: REPORT_BODY_LIMIT,
    schema: {
      tags,
      ...signedIn,
      summary:
        'A step of the mint fee’s payment as the browser saw it (1 sending, with the receiver; 2 receipt; 4 failed), kept in the ' +
        'order’s log and never acted on: only the verified transfer pays. 404 unknown tid or another player’s.',
      body: ShipMintStatusBodySchema,
      response: { 200: CryptoStatusResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { tid, status, receiver, payload } = req.body;
      return crypto.report(callerOf(req).userId, { tid, step: status, payload: { receiver: receiver ?? null, payload: payload ?? null } }, 'minting_request');
    },
  });

  app.post('/api/minting/request/verify_payment', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      ...signedIn,
      summary:
        'The mint fee’s transaction, verified on chain exactly as POST /api/payment/eth_crypto/verify (amount, recipient, the ' +
        'linked wallet as sender, confirmations, a transfer not used before). paid: the mint is queued (msg "Your NFT minting task ' +
        'added to queue."); verifying: ask again with GET /api/payment/eth_crypto/{tid}; failed or review: msg says why and the ' +
        'ship is released when the order closes. 404 unknown tid or another player’s.',
      body: CryptoVerifyBodySchema,
      response: { 200: CryptoVerifyResponseSchema, ...errors },
    },
    handler: async (req) => {
      const answer = await crypto.verify(callerOf(req).userId, req.body);
      return answer.status === 'paid' ? { ...answer, msg: MINT_QUEUED } : answer;
    },
  });
};
