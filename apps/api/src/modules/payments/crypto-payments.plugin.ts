import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { paymentSetup, type ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import type { Db } from '../../db/client.ts';
import { CryptoPayments } from './crypto-payments.service.ts';
import { cryptoPaymentRoutes } from './crypto-payments.routes.ts';
import type { CryptoOrderBook } from './order-book.ts';

export type CryptoPluginOptions = { db: Db; crypto: CryptoPayments; chains: ChainsConfig };

/** The crypto payments service; built by payments.plugin.ts, which also hands it to the top-up calls. */
export const buildCryptoPayments = (
  app: { jobs: { wake(): void }; log: FastifyBaseLogger },
  d: { db: Db; orders: CryptoOrderBook; chains: ChainsConfig },
): CryptoPayments => new CryptoPayments({ ...d, wakeJobs: () => app.jobs.wake(), log: app.log });

/**
 * Crypto payments: the calls are always there; opening one answers 503 while no payment chain,
 * USDC contract and recipient are configured (chain-config.ts paymentSetup; main.ts adds the
 * local chain before the app is built); an RPC answering another chain id than its configured
 * one answers 503 as well (clients.ts checkedClientFor). Verification runs as the
 * `crypto.verify` job (crypto-verify-job.ts, payments-jobs.ts), on whichever worker claims it.
 */
export const cryptoPaymentsPlugin: FastifyPluginAsync<CryptoPluginOptions> = async (app, { db, crypto, chains }) => {
  await app.register(cryptoPaymentRoutes, { crypto, idempotency: { db } });
  // An RPC of another chain is said at start, not only at the first quote; nothing waits for it.
  const setup = paymentSetup(chains);
  if (setup)
    checkedClientFor(setup.chain).catch((err: unknown) => {
      if (err instanceof ChainMismatchError) app.log.error({ chain: setup.chain.id }, err.message);
      else app.log.warn({ chain: setup.chain.id, error: describeChainError(err) }, 'payment chain did not answer at start');
    });
};
