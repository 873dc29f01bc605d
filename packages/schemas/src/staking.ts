import { z } from 'zod';

/**
 * Unit-token staking (issue 20, owned-assets.md §2.13–2.15, §3, §4.7, §7.4, §7.10,
 * docs/api-staking.md): container-house unit tokens (HouseUnits, ERC-1155, token id = unit type
 * 1..5) are staked one at a time in UnitStaking and earn its reward token. Every figure here comes
 * from the chain or from the events Starport indexed from it; token amounts are base units as
 * decimal strings (18 decimals), rates are strings with two decimals ("26.00").
 */

/** owned-assets.md §4.7: the status of a stake, unstake or claim on screen. */
export const StakingStatusSchema = z.enum(['DEFAULT', 'PROCESSING', 'SUCCESS', 'FAILED']);
export type StakingStatus = z.infer<typeof StakingStatusSchema>;

/** owned-assets.md §8: a staking list that cannot be read. */
export const STAKING_FETCH_FAILED = 'Request error, possibly due to a network connection issue. Please try again.';
export const STAKING_UNAVAILABLE = 'Staking is not available on this server.';

/** Unit type ids: 1..5 (Type 1 to Type 5). */
export const UNIT_TYPE_IDS = [1, 2, 3, 4, 5] as const;
/** POST /api/getAssetsNFT: at most this many ids in each list. */
export const ASSETS_NFT_MAX_IDS = 50;

const baseUnits = z.string().regex(/^\d+$/);
const rate = z.string().regex(/^-?\d+\.\d{2}$/);
const address = z.string().regex(/^0x[0-9a-f]{40}$/);

/** A contract (or account) and where to see it in the chain's explorer (null: no explorer). */
export const ChainAccountSchema = z.object({ address, url: z.string().nullable() });
export type ChainAccount = z.infer<typeof ChainAccountSchema>;

/** One point of the total-deposits chart: the pool at the end of a UTC day. */
export const DepositPointSchema = z.object({
  /** the day, YYYY-MM-DD (UTC) */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** units staked by everyone at the end of that day */
  units: z.number().int().nonnegative(),
  /** their summed stake value, reward-token base units */
  value: baseUnits,
});
export type DepositPoint = z.infer<typeof DepositPointSchema>;

/** Realised APY over a window: rewards paid (Claimed events) against the time-weighted staked value. */
export const RealisedApySchema = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  /** percent with two decimals; null when nothing was staked during the window */
  apy: rate.nullable(),
  /** reward paid by claims within the window, base units */
  paid: baseUnits,
});
export type RealisedApy = z.infer<typeof RealisedApySchema>;

/**
 * GET /api/staking/pool (public): the pool as the chain and the indexed events have it.
 * `available: false` (with `reason`) when the server has no units chain with a staking contract.
 */
export const StakingPoolSchema = z.object({
  chain: z.object({ id: z.number().int(), name: z.string(), explorer_url: z.string().nullable() }),
  contracts: z.object({ staking: ChainAccountSchema, units: ChainAccountSchema, reward_token: ChainAccountSchema }),
  reward_symbol: z.string(),
  reward_decimals: z.number().int(),
  /** getApr(): basis points; the APR shown is this / 100 (owned-assets.md §9) */
  apr_bps: z.number().int().nonnegative(),
  apr_percent: rate,
  /** totalStakedAll() */
  total_staked_units: z.number().int().nonnegative(),
  /** totalStakedValue(), base units */
  total_staked_value: baseUnits,
  /** rewardPool(): deposited and not yet claimed */
  reward_pool: baseUnits,
  /** totalClaimed() */
  total_claimed: baseUnits,
  /** what the whole pool earns a day at today's APR and stake, base units */
  daily_reward: baseUnits,
  /** whole days the reward pool lasts at today's rate; null when nothing accrues */
  pool_lasts_days: z.number().nonnegative().nullable(),
  /** owner(), and whether it is a contract (a multisig) rather than a key */
  owner: ChainAccountSchema.extend({ is_contract: z.boolean() }),
  /** the staking contract's deployment block and its date (ISO), when known */
  deployed_block: z.number().int().nullable(),
  deployed_at: z.string().nullable(),
  realised_apy: z.array(RealisedApySchema),
  /** total deposits over time, oldest first, one point per UTC day with a change, the last one today */
  history: z.array(DepositPointSchema),
  /** the newest block the indexed figures include */
  indexed_block: z.number().int().nullable(),
});
export type StakingPool = z.infer<typeof StakingPoolSchema>;

export const StakingPoolResponseSchema = z.discriminatedUnion('available', [
  z.object({ error: z.literal(false), available: z.literal(true), pool: StakingPoolSchema }),
  z.object({ error: z.literal(false), available: z.literal(false), reason: z.string() }),
]);
export type StakingPoolResponse = z.infer<typeof StakingPoolResponseSchema>;

/** GET /api/staking/wallet/:address (public, chain data only): one wallet's position in the pool. */
export const StakingWalletParamsSchema = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'address is a 0x wallet address.'),
});

/** One unit type a wallet holds or has staked. */
export const WalletUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  /** HouseUnits balanceOf(wallet, id): in the wallet, not staked */
  held: z.number().int().nonnegative(),
  /** getStakedAmount(wallet, id) */
  staked: z.number().int().nonnegative(),
  /** reward-token price of one unit of this type staked now (unitPrice(id)), base units */
  unit_price: baseUnits,
});
export type WalletUnit = z.infer<typeof WalletUnitSchema>;

export const StakingWalletSchema = z.object({
  wallet: address,
  units: z.array(WalletUnitSchema),
  /** units in the wallet + staked, all types ("My holdings", "Total NFTs held") */
  units_held: z.number().int().nonnegative(),
  units_staked: z.number().int().nonnegative(),
  /** getUserInfo().stakedValue */
  staked_value: baseUnits,
  /** pendingReward(wallet) */
  pending_reward: baseUnits,
  /** getUserInfo().claimed */
  claimed: baseUnits,
  /** claimed + pending ("Total Profit") */
  total_profit: baseUnits,
  /** earnedYesterday(wallet) ("Last Day Profit") */
  earned_yesterday: baseUnits,
  /** HouseUnits isApprovedForAll(wallet, staking) */
  approved: z.boolean(),
});
export type StakingWallet = z.infer<typeof StakingWalletSchema>;

export const StakingWalletResponseSchema = z.object({ error: z.literal(false), data: StakingWalletSchema });
export type StakingWalletResponse = z.infer<typeof StakingWalletResponseSchema>;

const unitIds = (field: string) =>
  z
    .array(z.union([z.number().int().min(1).max(5), z.string().regex(/^[1-5]$/).transform(Number)]), {
      error: `${field} is a list of unit type ids (1 to 5).`,
    })
    .max(ASSETS_NFT_MAX_IDS, `${field} has at most ${ASSETS_NFT_MAX_IDS} ids.`);

/** POST /api/getAssetsNFT: the unit type ids a wallet holds (ids) and has staked (ids_staking). */
export const AssetsNftBodySchema = z
  .object({ ids: unitIds('ids').default([]), ids_staking: unitIds('ids_staking').default([]) })
  .strict();
export type AssetsNftBody = z.input<typeof AssetsNftBodySchema>;

/** owned-assets.md §3 "Staking NFT entry". */
export const StakingNftEntrySchema = z.object({
  _id: z.string(),
  nft_id: z.number().int(),
  name: z.string(),
  image: z.string(),
});
export type StakingNftEntry = z.infer<typeof StakingNftEntrySchema>;

export const AssetsNftResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(StakingNftEntrySchema),
  dataStaked: z.array(StakingNftEntrySchema),
});
export type AssetsNftResponse = z.infer<typeof AssetsNftResponseSchema>;
