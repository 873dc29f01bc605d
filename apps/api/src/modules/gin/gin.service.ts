import { randomBytes } from 'node:crypto';
import {
  DNC_PER_GIN,
  GIN_CONVERSIONS_LIMIT,
  GIN_TRANSFER_GAS_LIMIT,
  GIN_UNAVAILABLE,
  type GinConfigQuery,
  type GinConfigResponse,
  type GinConversion,
  type GinConversionResponse,
  type GinStatusBody,
  type GinVerifyBody,
} from '@starport/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ginChains, type ChainsConfig, type GinChain } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { checkedClientFor } from '../../chain/clients.ts';
import { tokenInfo } from '../../chain/erc20.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { dncBalance } from '../assets/index.ts';
import * as repo from './gin-conversions.repo.ts';
import { GIN_MSG } from './gin-messages.ts';
import { GinChainUnreadableError, verifyGinConversion } from './gin-verification.ts';
import { queueGinVerification } from './gin-verify-job.ts';
import { conversionView, hexChainId } from './gin-view.ts';

/** Quotes per player per window, as other calls that open a payment are limited. */
export const GIN_QUOTE_LIMIT = { hits: 10, seconds: 10 * 60 } as const;

export type GinDeps = { db: Db; chains: ChainsConfig; limiter: RateLimiter; log: FastifyBaseLogger };

const conflict = (msg: string) => new AppError('CONFLICT', 409, msg);
const unavailable = (msg: string) => new AppError('INTERNAL', 503, msg);

/**
 * Gin to DNC (decision 0053): a quote names the network, the Gin contract, the burn address,
 * the player's linked wallet and the exact amount; the browser sends the transfer and reports
 * its hash; only the chain decides, and the DNC is credited once. The step log never credits.
 */
export class GinConversions {
  constructor(private readonly d: GinDeps) {}

  async quote(userId: string, query: GinConfigQuery & { total: number }): Promise<GinConfigResponse> {
    const decision = await this.d.limiter.hit(`gin:quote:user:${userId}`, GIN_QUOTE_LIMIT.hits, GIN_QUOTE_LIMIT.seconds);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    const { chain, gin } = this.networkFor(query.network);
    const payer = await walletOf(this.d.db, userId);
    if (!payer) throw conflict(GIN_MSG.linkWallet);
    // The head is read before the quote exists: a transfer sent for it is mined after this block.
    let decimals: number;
    let quoteBlock: bigint;
    try {
      const client = await checkedClientFor(chain);
      [decimals, quoteBlock] = await Promise.all([
        tokenInfo(client, gin).then((t) => t.decimals),
        client.getBlockNumber({ cacheTime: 0 }),
      ]);
    } catch (err) {
      this.d.log.error({ chain: chain.id, error: describeChainError(err) }, 'gin chain unreadable');
      throw unavailable(GIN_MSG.chainUnreadable);
    }
    const row = await repo.insertConversion(this.d.db, {
      tid: `gc_${randomBytes(18).toString('base64url')}`,
      userId,
      chainId: chain.id,
      tokenAddress: gin,
      tokenDecimals: decimals,
      burnAddress: this.d.chains.ginBurnAddress,
      payer,
      totalGin: query.total,
      amountBase: BigInt(query.total) * 10n ** BigInt(decimals),
      dnc: query.total * DNC_PER_GIN,
      quoteBlock,
      expiresAt: new Date(Date.now() + this.d.chains.quoteMinutes * 60_000),
    });
    return { error: false, ...conversionView(this.d.chains, row), gas_limit: GIN_TRANSFER_GAS_LIMIT };
  }

  /** The chosen network, or the only one; 503 when none is configured, 400 for one not offered. */
  private networkFor(network: string | undefined): GinChain {
    const offered = ginChains(this.d.chains);
    if (!offered.length) throw unavailable(GIN_UNAVAILABLE);
    if (network === undefined) {
      if (offered.length === 1) return offered[0]!;
      throw badRequest(GIN_MSG.chooseNetwork);
    }
    const id = Number.parseInt(network, 16);
    const found = offered.find((g) => g.chain.id === id);
    if (!found) throw badRequest(GIN_MSG.unknownNetwork);
    return found;
  }

  /** The browser's step, kept as a log; it never changes a conversion. */
  async step(userId: string, body: GinStatusBody): Promise<void> {
    const c = await this.owned(userId, body.tid);
    await repo.insertStep(this.d.db, c.id, body.step, {
      payload: body.payload ?? null,
      result: body.result ?? null,
      content: body.content ?? null,
    });
  }

  /**
   * Records the reported transaction (once: the same hash again is the same request), with its
   * verification job in the same transaction, then looks at the chain at once; when the chain
   * cannot tell yet the conversion stays `verifying` and the job goes on looking.
   */
  async verify(userId: string, body: GinVerifyBody): Promise<GinConversionResponse> {
    const c = await this.owned(userId, body.tid);
    if (Number.parseInt(body.network, 16) !== c.chainId) throw badRequest(GIN_MSG.wrongNetwork(hexChainId(c.chainId)));
    const txHash = body.txh.toLowerCase();
    if (c.txHash === null) {
      const recorded = await this.d.db.transaction(async (tx) => {
        if (!(await repo.recordTransaction(tx, c.id, txHash))) return false;
        await queueGinVerification(tx, c.id, txHash);
        return true;
      });
      if (!recorded) {
        const now = await repo.findById(this.d.db, c.id);
        if (now?.txHash !== txHash) throw conflict(now?.txHash ? GIN_MSG.otherTransaction : GIN_MSG.expired);
      }
    } else if (c.txHash !== txHash) {
      throw conflict(GIN_MSG.otherTransaction);
    }
    try {
      await verifyGinConversion(this.d, c.id, { lastTry: false, txHash });
    } catch (err) {
      // The chain cannot be read now: the job looks again; the player sees `verifying`.
      if (!(err instanceof GinChainUnreadableError)) throw err;
    }
    return this.answer(userId, (await repo.findById(this.d.db, c.id))!);
  }

  async get(userId: string, tid: string): Promise<GinConversionResponse> {
    return this.answer(userId, await this.owned(userId, tid));
  }

  async list(userId: string): Promise<GinConversion[]> {
    await repo.expireLapsed(this.d.db, userId);
    const rows = await repo.listOwned(this.d.db, userId, GIN_CONVERSIONS_LIMIT);
    return rows.map((r) => conversionView(this.d.chains, r));
  }

  private async owned(userId: string, tid: string): Promise<repo.GinConversionRow> {
    const c = await repo.findOwned(this.d.db, userId, tid);
    if (!c) throw notFound(GIN_MSG.notFound);
    return c;
  }

  private async answer(userId: string, c: repo.GinConversionRow): Promise<GinConversionResponse> {
    const conversion = conversionView(this.d.chains, c);
    return { error: false, msg: messageOf(conversion), conversion, dnc_balance: await dncBalance(this.d.db, userId) };
  }
}

function messageOf(c: GinConversion): string {
  switch (c.status) {
    case 'quoted':
      return GIN_MSG.quoted;
    case 'verifying':
      return GIN_MSG.verifying;
    case 'credited':
      return GIN_MSG.credited(c.dnc, c.total);
    case 'expired':
      return GIN_MSG.expired;
    case 'failed':
    case 'review':
      return c.failure ?? GIN_MSG.cannotValidate(c.txh ?? '');
  }
}

async function walletOf(db: Db, userId: string): Promise<`0x${string}` | null> {
  const [row] = await db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId));
  return row?.wallet ? (row.wallet.toLowerCase() as `0x${string}`) : null;
}
