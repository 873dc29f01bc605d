import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the copies of one PostgreSQL database must agree on, and nothing in their DATA_DIRs can
 * carry: secrets generated on first start (docs/decisions/0032) and the local chain they all
 * use (docs/decisions/0033). PGlite, one process, keeps its secrets in DATA_DIR/secrets.
 */

/** A generated secret: the first copy's insert wins (ON CONFLICT DO NOTHING), every copy reads it back. */
export const generatedSecrets = pgTable('generated_secrets', {
  /** jwt-access, sandbox-stripe-webhook, sandbox-wert-key, sandbox-wert-webhook */
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sha256 of the secret the last copy started with (never the secret itself): a copy that
 * starts with another one says so, as sessions signed by either are refused by the other.
 */
export const secretFingerprints = pgTable('secret_fingerprints', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The local chain (anvil) a copy started for this database, which later copies and workers join. */
export const localChains = pgTable('local_chains', {
  chainId: integer('chain_id').primaryKey(),
  /** where every process of this database reaches it (127.0.0.1: one machine) */
  rpcUrl: text('rpc_url').notNull(),
  /** block 0's hash: proves that what answers at rpc_url is this chain and not another anvil */
  genesisHash: text('genesis_hash').notNull(),
  /** the configuration's contract names → lower-cased addresses */
  contracts: jsonb('contracts').notNull(),
  treasury: text('treasury').notNull(),
  /** the DATA_DIR and host of the process that runs it: it alone may restart it */
  ownerDataDir: text('owner_data_dir').notNull(),
  ownerHost: text('owner_host').notNull(),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
});
