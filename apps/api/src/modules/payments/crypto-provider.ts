import { randomBytes } from 'node:crypto';
import type { CryptoQuote } from '@starport/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { ChainsConfig, paymentSetup } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import { tokenInfo, type TokenInfo } from '../../chain/erc20.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { baseUnitsOf, formatTokenAmount } from './crypto-amounts.ts';
import { CRYPTO_MSG } from './crypto-messages.ts';
import * as repo from './crypto-payments.repo.ts';
import { queueTransferSearches } from './crypto-transfer-sweep.ts';
import { CRYPTO_PROVIDER } from './order-book.ts';
import type { PaymentProvider } from './start-payment.ts';

/** Which call opened a payment (crypto_payments.kind). */
export type CryptoKind = 'cart' | 'item' | 'listing' | 'topup' | 'ship_mint';

/** Where USDC payments go (chain-config.ts paymentSetup, when configured). */
export type CryptoPaymentSetup = NonNullable<ReturnType<typeof paymentSetup>>;

/** What the quote needs before any stock is reserved: the payer, the token, the chain's head. */
export type CryptoPrepared = { payer: Address; token: TokenInfo; quoteBlock: bigint };

export const conflict = (msg: string) => new AppError('CONFLICT', 409, msg);
export const notAvailable = () => new AppError('INTERNAL', 503, CRYPTO_MSG.notAvailable);
export const lower = (a: string) => a.toLowerCase() as Address;

/** A chain error as a log line without the RPC address (it may carry a provider key). */
export function logChainError(log: FastifyBaseLogger, err: unknown, chainId: number, msg: string): void {
  if (err instanceof ChainMismatchError) log.error({ chain: chainId }, err.message);
  else log.error({ chain: chainId, error: describeChainError(err) }, msg);
}

/**
 * USDC transfers verified on chain as a provider of the start-payment workflow: the session
 * is a payment naming the token, the treasury, the player's linked wallet and the exact
 * amount, open as long as the order holds its stock.
 */
export function cryptoQuoteProvider(d: {
  db: Db;
  chains: ChainsConfig;
  setup: CryptoPaymentSetup;
  kind: CryptoKind;
  log: FastifyBaseLogger;
}): PaymentProvider<'crypto', CryptoPrepared, CryptoQuote> {
  const { setup } = d;
  return {
    method: 'crypto',
    providerName: CRYPTO_PROVIDER,
    texts: {
      notHeld: 'the order closed before its quote was made',
      notAttached: 'the order closed before its crypto session was attached',
      logLine: 'crypto payment could not be started',
      failReason: 'the crypto payment could not be started',
      answer502: 'The crypto payment could not be started. Please try again.',
    },
    async prepare(userId) {
      const payer = await walletOf(d.db, userId);
      if (!payer) throw conflict(CRYPTO_MSG.linkWallet);
      // Read before anything is reserved: a chain we cannot reach (or the wrong chain) takes no
      // stock. The head block is read before the quote exists, so any transfer sent for this
      // quote is mined after it, and an older transfer of the same amount cannot pay it.
      try {
        const client = await checkedClientFor(setup.chain);
        const [token, quoteBlock] = await Promise.all([
          tokenInfo(client, setup.usdc),
          client.getBlockNumber({ cacheTime: 0 }),
        ]);
        return { payer, token, quoteBlock };
      } catch (err) {
        logChainError(d.log, err, setup.chain.id, 'payment chain unreadable');
        throw notAvailable();
      }
    },
    // The quote lasts as long as the order holds its stock: never shorter than the quote time.
    holdUntil: () => new Date(Date.now() + d.chains.quoteMinutes * 60_000),
    async openSession(order, { prepared: { payer, token }, heldUntil }) {
      const tid = `cp_${randomBytes(18).toString('base64url')}`;
      const amountBase = baseUnitsOf(BigInt(order.total_micro), token.decimals);
      return {
        sessionId: tid,
        answer: {
          error: false,
          msg: CRYPTO_MSG.quoted,
          tid,
          invoice_code: order.code,
          targetNetworkId: setup.chain.id,
          targetWallet: lower(setup.recipient),
          tokenAddress: lower(setup.usdc),
          tokenSymbol: token.symbol,
          tokenDecimals: token.decimals,
          amountCurrency: formatTokenAmount(amountBase, token.decimals),
          amountBase: amountBase.toString(),
          totalUSD: order.total,
          payerWallet: payer,
          expiresAt: heldUntil.toISOString(),
        },
      };
    },
    // With the payment, the server's own searches for its transfer (crypto-transfer-sweep.ts):
    // a page closed between sending and reporting must not lose the player's money.
    async recordSession(order, session, { userId, prepared: { payer, token, quoteBlock }, heldUntil }) {
      await d.db.transaction(async (tx) => {
        const payment = await repo.insertPayment(tx, {
          tid: session.sessionId,
          orderId: order.id,
          userId,
          kind: d.kind,
          chainId: setup.chain.id,
          tokenAddress: lower(setup.usdc),
          tokenDecimals: token.decimals,
          recipient: lower(setup.recipient),
          payer,
          amountBase: baseUnitsOf(BigInt(order.total_micro), token.decimals),
          expiresAt: heldUntil,
          quoteBlock,
        });
        await queueTransferSearches(tx, payment.id, heldUntil);
      });
    },
  };
}

async function walletOf(db: Db, userId: string): Promise<Address | null> {
  const [row] = await db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId));
  return row?.wallet ? lower(row.wallet) : null;
}
