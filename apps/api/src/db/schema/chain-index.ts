import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The chain indexer (docs/decisions/0050): what it has read of our NFT contracts' transfer
 * events. Owned by the nft module, which alone writes these tables. Addresses are lower-cased
 * 0x strings; token ids and amounts are uint256, kept as numeric.
 */

/**
 * How far the indexer has read one contract: every block up to `block_number` is indexed, and
 * `block_hash` is that block's hash as it was read. A different hash at that height later means
 * the chain re-organised under the cursor (the indexer then rewinds, see decision 0050).
 */
export const chainCursors = pgTable(
  'chain_cursors',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract] })],
);

/**
 * Blocks the indexer has read up to, with their hashes as read (each range's last block, the
 * cursor's included): the candidates for the last common ancestor after a re-org of any depth
 * (decision 0050, "Deep re-orgs"). Recent ones are all kept; older ones thin out the further
 * back they lie, so a contract keeps a few hundred rows however long the chain.
 */
export const chainCheckpoints = pgTable(
  'chain_checkpoints',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract, t.blockNumber] })],
);

/**
 * Every ERC-721 Transfer and ERC-1155 TransferSingle/TransferBatch of the indexed contracts, one
 * row per token moved (`item` is the position in a batch, 0 otherwise). `block_hash` lets a
 * re-org find the last block still on the chain. The staking issue reads its events here too.
 */
export const nftTransfers = pgTable(
  'nft_transfers',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    item: integer('item').notNull().default(0),
    txHash: text('tx_hash').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex, t.item] }),
    index('nft_transfers_token_idx').on(t.chainId, t.contract, t.tokenId),
    index('nft_transfers_contract_block_idx').on(t.chainId, t.contract, t.blockNumber),
  ],
);

/**
 * Who holds what now, derived from nft_transfers: one row per (token, holder) with a positive
 * amount (always 1 for an ERC-721 token, a balance for an ERC-1155 id). `block_number` and
 * `log_index` are those of the last transfer that changed the holder's amount.
 */
export const nftOwners = pgTable(
  'nft_owners',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    owner: text('owner').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    logIndex: integer('log_index').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contract, t.tokenId, t.owner] }),
    index('nft_owners_owner_idx').on(t.owner),
    check('nft_owners_amount_ck', sql`${t.amount} > 0`),
  ],
);
