import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The staking indexer (docs/decisions/0054): UnitStaking's events as the chain confirmed them.
 * Owned by the staking module, which alone writes these tables. Addresses are lower-cased 0x
 * strings; values and amounts are uint256 base units, kept as numeric.
 */

/**
 * One event of the staking contract. `kind` is staked | unstaked | claimed | deposited | apr;
 * `account` is the user (or the depositor), `unit_id` the unit type of a stake or unstake,
 * `value` the stake value moved (staked, unstaked) or the new APR in bps (apr), `amount` the
 * reward paid (claimed) or deposited (deposited).
 */
export const stakingEvents = pgTable(
  'staking_events',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    contract: text('contract').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ['staked', 'unstaked', 'claimed', 'deposited', 'apr'] }).notNull(),
    account: text('account'),
    unitId: integer('unit_id'),
    value: numeric('value', { precision: 78, scale: 0 }),
    amount: numeric('amount', { precision: 78, scale: 0 }),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    index('staking_events_contract_block_idx').on(t.chainId, t.contract, t.blockNumber),
  ],
);

/**
 * How far the staking indexer has read one contract: every block up to `block_number`, whose
 * hash was `block_hash` when read. `recent` keeps the last range ends read ({n, h} pairs, newest
 * last): after a re-org the indexer rewinds to the newest of them still on the chain.
 */
export const stakingCursors = pgTable(
  'staking_cursors',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    recent: jsonb('recent').$type<{ n: string; h: string }[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract] })],
);
