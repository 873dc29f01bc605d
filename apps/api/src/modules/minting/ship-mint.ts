import type { ShipMintTermsResponse } from '@starport/schemas';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { readSetting, writeSetting } from '../../db/settings.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { badRequest } from '../../lib/app-error.ts';
import { microToUsd } from '../../lib/money.ts';
import { shipMintPaymentSent } from '../assets/index.ts';
import { mintOfAsset, openMint } from './mint-attempts.repo.ts';
import { MINT_MAX_ATTEMPTS } from './mint-job.ts';
import { MINT_KINDS, mintJobKey, mintJobKind } from './mint-kinds.ts';
import { minterFor } from './minter.ts';

/**
 * Ship to NFT, the minting side (decision 0052): the fee an operator sets, whether this server
 * can mint ships at all, and the mint a paid fee queues. The fee itself is an order line
 * (`ship_mint`), paid through the crypto payments every purchase uses.
 */

export const SHIP_MINT_FEE_KEY = 'ship_mint_fee_usd_micro';
export const DEFAULT_SHIP_MINT_FEE_MICRO = 5_000_000n;

/** Whole cents (USDC has 6 decimals, but a fee in fractions of a cent helps nobody), up to $10,000. */
const FeeMicro = z
  .union([z.string().regex(/^\d{1,15}$/), z.number().int().nonnegative()])
  .transform((v) => BigInt(v))
  .refine((m) => m > 0n && m <= 10_000_000_000n && m % 10_000n === 0n);

/** The fee in USD micro-units: the operator's setting, or $5 when none (or none valid) is stored. */
export async function shipMintFee(db: DbOrTx): Promise<bigint> {
  const stored = FeeMicro.safeParse(await readSetting(db, SHIP_MINT_FEE_KEY));
  return stored.success ? stored.data : DEFAULT_SHIP_MINT_FEE_MICRO;
}

/** `set-ship-mint-fee <USD>` (admin CLI); returns the fee now in force. */
export async function setShipMintFee(db: DbOrTx, feeMicro: bigint): Promise<bigint> {
  if (!FeeMicro.safeParse(feeMicro.toString()).success) throw badRequest('The mint fee is whole cents from $0.01 to $10,000.');
  await writeSetting(db, SHIP_MINT_FEE_KEY, feeMicro.toString());
  return shipMintFee(db);
}

/** This server mints ships only with a minter key and a ShipNFT contract on its NFT chain. */
export const canMintShips = (chains: ChainsConfig): boolean => minterFor(chains, MINT_KINDS.ship.contract) !== undefined;

/** GET /api/minting/request/terms: what converting costs, and whether it can be done here (`paymentsReady`: crypto payments set up). */
export async function shipMintTerms(db: DbOrTx, chains: ChainsConfig, paymentsReady: boolean): Promise<ShipMintTermsResponse> {
  const fee = await shipMintFee(db);
  return { error: false, fee_usd: microToUsd(fee.toString()), fee_usd_micro: fee.toString(), available: paymentsReady && canMintShips(chains) };
}

/** Why a paid fee could not become a mint: the order is flagged for an operator (fulfilment blocks). */
export class ShipMintBlocked extends Error {
  override name = 'ShipMintBlocked';
}

/**
 * The fee is paid (order fulfilment, in its transaction): the copy's mint opens with the token id
 * fixed by the copy (its id) and is queued, to the player's linked wallet. Running it again finds
 * the mint open and queues nothing new (the job's key is the mint's round).
 */
export async function queueShipMint(tx: Tx, chains: ChainsConfig, m: { userId: string; ownedShipId: number }): Promise<{ mintId: number }> {
  const minter = minterFor(chains, MINT_KINDS.ship.contract);
  if (!minter) throw new ShipMintBlocked('This server has no ship minter: the paid mint fee waits for an operator.');
  const [user] = await tx.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, m.userId));
  if (!user?.wallet) throw new ShipMintBlocked('The player has no linked wallet to mint to.');
  await shipMintPaymentSent(tx, m.ownedShipId);
  const opened = await openMint(tx, {
    assetKind: 'ship',
    assetId: m.ownedShipId,
    userId: m.userId,
    chainId: minter.chain.id,
    contract: minter.contract,
    tokenId: BigInt(m.ownedShipId),
    recipient: user.wallet,
  });
  // Already open (this fulfilment ran before) or done: nothing more to queue.
  if (!opened) return { mintId: (await mintOfAsset(tx, 'ship', m.ownedShipId))!.id };
  await enqueueJob(tx, mintJobKind('ship'), { mintId: opened.id }, {
    dedupeKey: mintJobKey('ship', m.ownedShipId, opened.queueRound),
    maxAttempts: MINT_MAX_ATTEMPTS,
  });
  return { mintId: opened.id };
}
