import { TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BaseError, ContractFunctionRevertedError, type Hex } from 'viem';
import { describeChainError } from '../../chain/chain-errors.ts';
import { followTokens } from '../nft/index.ts';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { markConfirmed, markFailed, mintById, recordSigned, takeNonce, type MintAttempt } from './mint-attempts.repo.ts';
import { asksOwnerFirst, MINT_KINDS, mintArgsOf, type MintFailedNotice } from './mint-kinds.ts';
import {
  broadcast,
  clientOf,
  confirmationsOf,
  isKnown,
  isNonceSpent,
  minterFor,
  ownerOfToken,
  receiptOf,
  signMint,
  type ChainQueues,
} from './minter.ts';

/**
 * Crash points for tests (docs/decisions/0049): a throw here is a server that died between
 * the two steps. Never set outside tests.
 */
export type MintFaults = { afterRecord?: () => void; afterBroadcast?: () => void };

export type MintDeps = { db: Db; chains: ChainsConfig; log: FastifyBaseLogger; queues: ChainQueues; faults?: MintFaults };

/**
 * What one run of a mint job decided: done (confirmed or failed for good: nothing more to do),
 * or wait (a transaction is on its way; run again later).
 */
export type MintStep = { done: true } | { done: false; reason: string };

/** A mint that cannot succeed by retrying: the asset opens again, the reason is kept and logged. */
export class MintImpossible extends Error {}

/**
 * One step of the mint protocol, safe to run again at any point and on several workers:
 *   1. ask the chain first (ERC-721 kinds): the token exists → confirmed (by our recorded transaction), never a second mint;
 *   2. a recorded transaction → its receipt decides; not mined and unknown to the node → the same
 *      signed bytes are sent again (same hash); their nonce spent by another → sign anew;
 *   3. otherwise sign, RECORD the hash and bytes, and only THEN broadcast.
 * A server killed after 3's record sends the recorded bytes on the next run; one killed after
 * the broadcast finds the receipt (or the token) on the next run. Either way: one token.
 */
export async function runMint(deps: MintDeps, attemptId: number): Promise<MintStep> {
  const attempt = await mintById(deps.db, attemptId);
  if (!attempt || attempt.status === 'confirmed' || attempt.status === 'failed') return { done: true };
  const kind = MINT_KINDS[attempt.assetKind];
  const minter = minterFor(deps.chains, kind.contract);
  if (!minter || minter.chain.id !== attempt.chainId || minter.contract !== attempt.contract) {
    // The configuration changed under an open mint: its chain or contract is no longer ours to mint on.
    return fail(deps, attempt, 'Minting is not available on this server.');
  }
  const client = await clientOf(minter);

  // An ERC-1155 id is shared by many mints: only the recorded transaction's receipt can tell (decision 0051).
  const owner = asksOwnerFirst(kind) ? await ownerOfToken(client, attempt.contract, kind.abi, attempt.tokenId) : null;
  const receipt = attempt.txHash ? await receiptOf(client, attempt.txHash) : null;
  if (owner !== null) {
    if (receipt?.status === 'success' && attempt.txHash) return confirmWhenDeep(deps, attempt, attempt.txHash, client, receipt);
    // The token exists, minted by no transaction of this mint (a chain older than this database).
    return fail(deps, attempt, `Token ${attempt.tokenId} already exists on chain, minted by another transaction.`);
  }
  if (receipt) {
    if (receipt.status === 'success') return confirmWhenDeep(deps, attempt, attempt.txHash!, client, receipt);
    return fail(deps, attempt, `The mint transaction ${attempt.txHash} reverted.`);
  }
  if (attempt.txHash && attempt.rawTx) {
    if (await isKnown(client, attempt.txHash)) return { done: false, reason: `mint ${attempt.id}: ${attempt.txHash} not mined yet` };
    try {
      await broadcast(client, attempt.rawTx);
      return { done: false, reason: `mint ${attempt.id}: ${attempt.txHash} sent again` };
    } catch (err) {
      if (!isNonceSpent(err)) throw err;
      // Mined between the receipt read above and this send (its own nonce, spent by itself)? Then it decides:
      // signing anew would mint twice where the contract cannot refuse a second mint (ERC-1155).
      const late = await receiptOf(client, attempt.txHash);
      if (late?.status === 'success') return confirmWhenDeep(deps, attempt, attempt.txHash, client, late);
      if (late) return fail(deps, attempt, `The mint transaction ${attempt.txHash} reverted.`);
      deps.log.warn({ mint: attempt.id, tx: attempt.txHash }, 'recorded mint transaction lost its nonce; signing a new one');
    }
  }
  return signRecordSend(deps, attempt);
}

async function signRecordSend(deps: MintDeps, attempt: MintAttempt): Promise<MintStep> {
  const kind = MINT_KINDS[attempt.assetKind];
  const minter = minterFor(deps.chains, kind.contract)!;
  const client = await clientOf(minter);
  // One signer per chain in this process; the nonce row's lock orders signers across processes.
  const signed = await deps.queues.run(minter.chain.id, async () => {
    let signedMint;
    try {
      signedMint = await deps.db.transaction(async (tx) => {
        // The mint's row first (then the nonce's: one lock order). Another worker that recorded a
        // transaction meanwhile wins; this one must not sign, nor take a revert for a failure.
        const now = await mintById(tx, attempt.id, true);
        if (now?.txHash !== attempt.txHash || (now.status !== 'queued' && now.status !== 'sent')) tx.rollback();
        // Read under the lock: a count read before it could predate another worker's mined transaction.
        const nonce = await takeNonce(tx, minter.chain.id, minter.account.address, () =>
          client.getTransactionCount({ address: minter.account.address, blockTag: 'pending' }),
        );
        const s = await signMint(minter, client, {
          contract: attempt.contract,
          abi: kind.abi,
          args: mintArgsOf(kind, { to: attempt.recipient, tokenId: attempt.tokenId, amount: attempt.amount }),
          nonce,
        });
        // Recorded (committed) before a single byte leaves for the chain.
        if (!(await recordSigned(tx, attempt.id, attempt.txHash, { txHash: s.hash, rawTx: s.raw, nonce }))) tx.rollback();
        return s;
      });
    } catch (err) {
      if (isRollback(err)) return undefined;
      if (isRevert(err)) throw new MintImpossible(`The mint would revert: ${describeRevert(err)}`);
      throw err;
    }
    return signedMint;
  }).catch(async (err: unknown) => {
    if (err instanceof MintImpossible) return fail(deps, attempt, err.message);
    throw err;
  });
  if (signed === undefined) return { done: false, reason: `mint ${attempt.id}: another worker recorded a transaction first` };
  if ('done' in signed) return signed;
  deps.faults?.afterRecord?.();
  try {
    await broadcast(client, signed.raw);
  } catch (err) {
    // Its nonce went to another transaction meanwhile: the next run finds these bytes dead and signs anew.
    if (isNonceSpent(err)) return { done: false, reason: `mint ${attempt.id}: ${signed.hash} lost its nonce` };
    throw err;
  }
  deps.faults?.afterBroadcast?.();
  const receipt = await client.waitForTransactionReceipt({ hash: signed.hash, timeout: 20_000, pollingInterval: 250 }).catch(() => null);
  if (!receipt) return { done: false, reason: `mint ${attempt.id}: ${signed.hash} sent, not mined yet` };
  const sent = { ...attempt, txHash: signed.hash };
  if (receipt.status !== 'success') return fail(deps, sent, `The mint transaction ${signed.hash} reverted.`);
  return confirmWhenDeep(deps, sent, signed.hash, client, receipt);
}

async function confirmWhenDeep(
  deps: MintDeps,
  attempt: MintAttempt,
  txHash: Hex,
  client: Awaited<ReturnType<typeof clientOf>>,
  receipt: Awaited<ReturnType<typeof receiptOf>> & object,
): Promise<MintStep> {
  const chain = minterFor(deps.chains, MINT_KINDS[attempt.assetKind].contract)!.chain;
  const seen = await confirmationsOf(client, receipt);
  if (seen < chain.confirmations) return { done: false, reason: `mint ${attempt.id}: ${seen} of ${chain.confirmations} confirmations` };
  await deps.db.transaction(async (tx) => {
    if (!(await markConfirmed(tx, attempt.id, txHash))) return;
    const kind = MINT_KINDS[attempt.assetKind];
    await kind.confirmed(tx, attempt.assetId, txHash);
    // A token its player sent on before this confirmation moved nothing then (the asset was not
    // minted yet): the asset now follows its token to whoever holds it (decision 0050).
    if (kind.followedAs) await followTokens(tx, { chainId: attempt.chainId, contract: attempt.contract, asset: kind.followedAs }, [attempt.tokenId]);
  });
  deps.log.info({ mint: attempt.id, kind: attempt.assetKind, asset: attempt.assetId, tx: txHash }, 'minted');
  return { done: true };
}

async function fail(deps: MintDeps, attempt: MintAttempt, reason: string): Promise<MintStep> {
  const failed = await deps.db.transaction(async (tx) => {
    const marked = await markFailed(tx, attempt.id, reason, attempt.txHash);
    if (marked) {
      const kind = MINT_KINDS[attempt.assetKind];
      await kind.failed(tx, attempt.assetId);
      const notice: MintFailedNotice = { mintId: attempt.id, assetId: attempt.assetId, userId: attempt.userId, reason };
      if (kind.failedNotice) await enqueueJob(tx, kind.failedNotice, notice, { dedupeKey: `${kind.failedNotice}:${attempt.id}` });
    }
    return marked;
  });
  // Another worker recorded a transaction since this one read the mint: judge again next run.
  if (!failed) return { done: false, reason: `mint ${attempt.id}: changed while being judged` };
  deps.log.error({ mint: attempt.id, kind: attempt.assetKind, asset: attempt.assetId, reason }, 'mint failed for good');
  return { done: true };
}

/**
 * A revert by the contract's own error when the ABI decodes it (`SupplyCapExceeded(5, 6000, 6001)`):
 * the node's words carry the raw revert data, bytes that are neither readable nor storable text.
 */
function describeRevert(err: unknown): string {
  const revert = err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null;
  const data = revert instanceof ContractFunctionRevertedError ? revert.data : undefined;
  if (data?.errorName) return `${data.errorName}(${(data.args ?? []).map(String).join(', ')})`;
  return describeChainError(err);
}

const isRevert = (err: unknown) => err instanceof BaseError && Boolean(err.walk((e) => e instanceof ContractFunctionRevertedError));
const isRollback = (err: unknown) => err instanceof TransactionRollbackError;
