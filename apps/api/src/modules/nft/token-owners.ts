import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * What the chain indexer knows of holders, for other areas (the staking issue, moving assets
 * after an on-chain transfer). Only confirmed blocks are indexed (decision 0050), so this lags
 * the chain by the chain's confirmations and the job's interval. Addresses are lower-cased.
 */

export type TokenHolding = { chainId: number; contract: string; tokenId: string; amount: string; blockNumber: bigint };

const lower = (address: string) => address.toLowerCase();

/** The holder of an ERC-721 token as indexed, or null when it was never minted (or was burned). */
export async function ownerOfToken(db: DbOrTx, chainId: number, contract: string, tokenId: bigint | number | string): Promise<string | null> {
  const [row] = await queryRows<{ owner: string }>(
    db,
    sql`SELECT owner FROM nft_owners
        WHERE chain_id = ${chainId} AND contract = ${lower(contract)} AND token_id = ${tokenId.toString()}::numeric
        ORDER BY block_number DESC, log_index DESC LIMIT 1`,
  );
  return row?.owner ?? null;
}

/** Every indexed token an address holds, on every chain and contract (ERC-1155 with its balance). */
export async function tokensOf(db: DbOrTx, owner: string): Promise<TokenHolding[]> {
  const rows = await queryRows<{ chain_id: number; contract: string; token_id: string; amount: string; block_number: string }>(
    db,
    sql`SELECT chain_id, contract, token_id::text, amount::text, block_number::text FROM nft_owners
        WHERE owner = ${lower(owner)} ORDER BY chain_id, contract, token_id`,
  );
  return rows.map((r) => ({
    chainId: Number(r.chain_id),
    contract: r.contract,
    tokenId: r.token_id,
    amount: r.amount,
    blockNumber: BigInt(r.block_number),
  }));
}

export type TransferRecord = {
  blockNumber: bigint;
  logIndex: number;
  item: number;
  txHash: string;
  tokenId: string;
  from: string;
  to: string;
  amount: string;
};

/** The indexed transfers of one contract after `afterBlock`, in chain order (at most `limit`). */
export async function transfersAfter(db: DbOrTx, chainId: number, contract: string, afterBlock: bigint, limit = 1000): Promise<TransferRecord[]> {
  const rows = await queryRows<{ block_number: string; log_index: number; item: number; tx_hash: string; token_id: string; from_address: string; to_address: string; amount: string }>(
    db,
    sql`SELECT block_number::text, log_index, item, tx_hash, token_id::text, from_address, to_address, amount::text FROM nft_transfers
        WHERE chain_id = ${chainId} AND contract = ${lower(contract)} AND block_number > ${afterBlock.toString()}::bigint
        ORDER BY block_number, log_index, item LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    blockNumber: BigInt(r.block_number),
    logIndex: Number(r.log_index),
    item: Number(r.item),
    txHash: r.tx_hash,
    tokenId: r.token_id,
    from: r.from_address,
    to: r.to_address,
    amount: r.amount,
  }));
}
