import { MINT_NEEDS_WALLET, MINT_QUEUED, MINTING_UNAVAILABLE, type CollectionMint } from '@starport/schemas';
import { eq, sql } from 'drizzle-orm';
import { chainById, type ChainsConfig } from '../../chain/chain-config.ts';
import { explorerTxUrl } from '../../chain/clients.ts';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { beginCollectionMint, collectionsOf } from '../assets/index.ts';
import { logMintReport, nextQueueRound, openMint, stalledMintsOf, type MintAttempt, type MintReport } from './mint-attempts.repo.ts';
import { MINT_KINDS, mintJobKey, mintJobKind } from './mint-kinds.ts';
import { MINT_MAX_ATTEMPTS } from './mint-job.ts';
import { minterFor } from './minter.ts';

const NOT_YOURS = 'That collection is not one of yours.';
const conflict = (msg: string) => new AppError('CONFLICT', 409, msg);

export type MintingDeps = { db: Db; chains: ChainsConfig; wakeJobs: () => void };

/**
 * POST /api/lands/mint: freezes the player's collection (0 → 1, the lock every land change
 * takes), opens its mint and queues the job, all in one transaction: a mint is queued exactly
 * when the collection is frozen, and a move racing it either lands before or is refused.
 */
export async function requestLandMint(d: MintingDeps, userId: string, collectionId: number) {
  const minter = minterFor(d.chains, MINT_KINDS.land_collection.contract);
  if (!minter) throw new AppError('UNAVAILABLE', 503, MINTING_UNAVAILABLE);
  await d.db.transaction(async (tx) => {
    const [user] = await tx.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId));
    if (!user?.wallet) throw badRequest(MINT_NEEDS_WALLET);
    const begun = await beginCollectionMint(tx, userId, collectionId);
    if (begun === 'not-found') throw notFound(NOT_YOURS);
    if (begun === 'not-open') throw conflict('This collection is already minting or minted.');
    if (begun === 'empty') throw conflict('An empty collection cannot be minted: add plots to it first.');
    const mint = await openMint(tx, {
      assetKind: 'land_collection',
      assetId: collectionId,
      userId,
      chainId: minter.chain.id,
      contract: minter.contract,
      // The token id is the collection's uriid (its id): fixed by the asset, so a second mint cannot happen.
      tokenId: BigInt(collectionId),
      recipient: user.wallet,
    });
    // A state-0 collection with an open mint cannot be: the freeze above and the mint move together.
    if (!mint) throw conflict('This collection is already minting or minted.');
    await queueMint(tx, mint, mint.queueRound);
  });
  d.wakeJobs();
  return { error: false as const, msg: MINT_QUEUED };
}

/** Queues the job of a mint for its current queue round (one job per mint and round). */
export const queueMint = (tx: DbOrTx, mint: MintAttempt, round: number) =>
  enqueueJob(tx, mintJobKind(mint.assetKind), { mintId: mint.id }, { dedupeKey: mintJobKey(mint.assetKind, mint.assetId, round), maxAttempts: MINT_MAX_ATTEMPTS });

type MintRow = { asset_id: string | number; status: string; tx_hash: string | null; chain_id: number; failure: string | null };

/** The mints of these collections, by collection id. */
async function landMintsOf(db: DbOrTx, ids: number[]): Promise<Map<number, MintRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<MintRow>(
    db,
    sql`SELECT asset_id, status, tx_hash, chain_id, failure FROM mint_attempts
        WHERE asset_kind = 'land_collection' AND asset_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [Number(r.asset_id), r]));
}

function mintView(chains: ChainsConfig, c: { id: number; mintState: number; mintTx: string | null }, mint: MintRow | undefined): CollectionMint {
  const txid = c.mintTx;
  return {
    collectionID: c.id,
    state: c.mintState as 0 | 1 | 2,
    txid,
    tx_url: explorerTxUrl(chainById(chains, mint?.chain_id ?? chains.nftChainId), txid),
    failure: c.mintState === 0 && mint?.status === 'failed' ? mint.failure : null,
  };
}

/** POST /api/minting/request/mint_status: one of the caller's collections. */
export async function landMintStatus(d: MintingDeps, userId: string, collectionId: number) {
  const [collection] = (await collectionsOf(d.db, userId)).filter((c) => c.id === collectionId);
  if (!collection) throw notFound(NOT_YOURS);
  const mints = await landMintsOf(d.db, [collection.id]);
  return { error: false as const, ...mintView(d.chains, collection, mints.get(collection.id)) };
}

/**
 * POST /api/minting/refresh/my_assets: queues again the caller's mints whose job ended without
 * finishing them (a job that gave up on an RPC outage), then answers every collection's state.
 * Twice in a row queues nothing the second time: a queued job is not stalled.
 */
export async function refreshMyMints(d: MintingDeps, userId: string) {
  let requeued = 0;
  for (const id of await stalledMintsOf(d.db, userId)) {
    const queued = await d.db.transaction(async (tx) => {
      const mint = await nextQueueRound(tx, id);
      if (mint) await queueMint(tx, mint, mint.queueRound);
      return Boolean(mint);
    });
    if (queued) requeued++;
  }
  if (requeued) d.wakeJobs();
  const collections = await collectionsOf(d.db, userId);
  const mints = await landMintsOf(d.db, collections.map((c) => c.id));
  return {
    error: false as const,
    msg: requeued ? `${requeued} stalled mint${requeued === 1 ? '' : 's'} queued again.` : 'Your assets are up to date.',
    requeued,
    data: collections.map((c) => mintView(d.chains, c, mints.get(c.id))),
  };
}

/** POST /api/mint/status: kept as a log; the chain, read by the job, decides every state. */
export async function logBrowserReport(d: MintingDeps, userId: string, r: MintReport) {
  await logMintReport(d.db, userId, r);
  return { error: false as const, msg: 'Noted.' };
}
