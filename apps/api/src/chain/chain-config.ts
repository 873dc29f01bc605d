import { z } from 'zod';

/**
 * The EVM chains Starport talks to (docs/decisions/0020). Nothing names a network in code:
 * every chain comes from configuration, or from the local anvil `npm start` runs when no chain
 * is configured. Per chain, CHAIN_<ID>_* variables give its RPC, explorer, confirmations and
 * contract addresses; which chain takes USDC payments and holds the units is chosen by id.
 *
 *   CHAIN_IDS=8453,56,1
 *   CHAIN_8453_RPC_URL=https://…   CHAIN_8453_NAME=Base   CHAIN_8453_EXPLORER_URL=https://basescan.org
 *   CHAIN_8453_CONFIRMATIONS=3     CHAIN_8453_USDC=0x…    CHAIN_8453_HOUSE_UNITS=0x…   (…)
 *   CHAIN_8453_INDEX_FROM_BLOCK=…  (where the NFT indexer starts: the contracts' deployment block)
 *   PAYMENT_CHAIN_ID=8453          PAYMENT_RECIPIENT=0x…  UNITS_CHAIN_ID=8453
 *   CHAIN_8453_MINTER_KEY=0x…      NFT_CHAIN_ID=8453      (the server's minter, docs/decisions/0049)
 *   CHAIN_1_GIN=0x…  CHAIN_56_GIN=0x…  GIN_CHAIN_IDS=1,56  GIN_BURN_ADDRESS=0x…dEaD   (Gin to DNC, decision 0053)
 */

export type Address = `0x${string}`;

/** Contract addresses on one chain, lower-cased; a chain has only the ones that live there. */
export type ChainContracts = Partial<Record<ChainContractName, Address>>;
export const CHAIN_CONTRACTS = {
  usdc: 'USDC',
  gin: 'GIN',
  houseUnits: 'HOUSE_UNITS',
  unitStaking: 'UNIT_STAKING',
  shipNft: 'SHIP_NFT',
  landCollectionNft: 'LAND_NFT',
  rewardToken: 'REWARD_TOKEN',
} as const;
export type ChainContractName = keyof typeof CHAIN_CONTRACTS;

export type ChainSetup = {
  id: number;
  name: string;
  /** the server's RPC */
  rpcUrl: string;
  /**
   * the RPC a player's wallet is offered when it must add the chain, published by
   * GET /api/chain/config (defaults to rpcUrl only when that is a bare origin)
   */
  publicRpcUrl: string;
  /** e.g. https://basescan.org; transactions link to {explorerUrl}/tx/{hash} */
  explorerUrl: string | null;
  /** blocks a transfer needs (its own included) before it is credited */
  confirmations: number;
  nativeSymbol: string;
  contracts: ChainContracts;
  /** the first block the NFT indexer reads (the contracts' deployment); 0 when not set */
  indexFromBlock?: number;
};

export type ChainsConfig = {
  /** start anvil on 127.0.0.1 and deploy the contracts when the server starts (main.ts) */
  local: { port: number } | null;
  /** configured chains; the local chain is added by main.ts once it runs */
  chains: ChainSetup[];
  /** the chain of USDC payments and of wallet sign-in messages */
  paymentChainId: number | null;
  /** lower-cased address USDC payments go to (the treasury) */
  paymentRecipient: Address | null;
  /** the chain of the container-house unit tokens */
  unitsChainId: number | null;
  /** the chain the server mints ship and land NFTs on (NFT_CHAIN_ID, default the payment chain) */
  nftChainId: number | null;
  /**
   * Per chain id, the private key of the server's minter (CHAIN_<ID>_MINTER_KEY; the local
   * chain's comes from anvil's public mnemonic). Kept apart from ChainSetup so that nothing
   * that publishes or logs a chain can carry it.
   */
  minterKeys: Record<number, `0x${string}`>;
  /**
   * Per chain id, the private key of the staking contract's owner (CHAIN_<ID>_STAKING_OWNER_KEY;
   * the local chain's deployer). Only the admin CLI signs with it (set-apr, deposit-reward);
   * kept apart from ChainSetup like minterKeys.
   */
  stakingOwnerKeys?: Record<number, `0x${string}`>;
  /** how long a crypto quote (the amount and recipient given to the browser) holds */
  quoteMinutes: number;
  /**
   * Gin to DNC (decision 0053): which chains offer it (null: every chain with a Gin contract,
   * the local one included) and the lower-cased address burnt Gin is sent to
   */
  ginChainIds: number[] | null;
  ginBurnAddress: Address;
};

/** Where burnt Gin goes unless GIN_BURN_ADDRESS says otherwise: the customary dead address. */
export const DEFAULT_GIN_BURN_ADDRESS = '0x000000000000000000000000000000000000dead' as Address;

export const LOCAL_CHAIN_ID = 31337;
export const DEFAULT_LOCAL_CHAIN_PORT = 8545;

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
  .transform((a) => a.toLowerCase() as Address);
const chainId = z.coerce.number().int().min(1).max(2 ** 53 - 1);
const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

const ChainsEnvSchema = z.object({
  CHAIN_IDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be chain ids separated by commas (e.g. 8453,56,1)')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .optional(),
  LOCAL_CHAIN: z.enum(['0', '1']).optional(),
  LOCAL_CHAIN_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_LOCAL_CHAIN_PORT),
  PAYMENT_CHAIN_ID: chainId.optional(),
  PAYMENT_RECIPIENT: address.optional(),
  UNITS_CHAIN_ID: chainId.optional(),
  NFT_CHAIN_ID: chainId.optional(),
  CRYPTO_QUOTE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  GIN_CHAIN_IDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be chain ids separated by commas (e.g. 1,56)')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .optional(),
  GIN_BURN_ADDRESS: address.optional(),
});

const ChainEnvSchema = z.object({
  RPC_URL: httpUrl,
  PUBLIC_RPC_URL: httpUrl.optional(),
  NAME: z.string().min(1).max(40).optional(),
  EXPLORER_URL: httpUrl.optional(),
  CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
  NATIVE_SYMBOL: z.string().min(1).max(10).default('ETH'),
  /** the minter's private key: it holds MINTER_ROLE on the NFT contracts of this chain */
  MINTER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits (a private key)')
    .transform((k) => k as `0x${string}`)
    .optional(),
  /** the UnitStaking owner's private key, for the admin CLI's set-apr and deposit-reward */
  STAKING_OWNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits (a private key)')
    .transform((k) => k as `0x${string}`)
    .optional(),
  INDEX_FROM_BLOCK: z.coerce.number().int().min(0).max(2 ** 53 - 1).optional(),
  ...Object.fromEntries(Object.values(CHAIN_CONTRACTS).map((key) => [key, address.optional()])),
});

/**
 * Why the server's RPC URL might carry a secret (providers put the API key in the path, the
 * query or the user name: https://base-mainnet.example/v2/KEY), or null for a bare origin
 * such as http://127.0.0.1:8545, which can be offered to wallets as it is.
 */
function whatMayHideAKey(rpcUrl: string): string | null {
  const url = new URL(rpcUrl);
  if (url.username || url.password) return 'a user name or password';
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return 'a path or query';
  return null;
}

/** Returns the chains, or the list of bad keys (config.ts turns them into one ConfigError). */
export function parseChainsConfig(
  env: Record<string, string>,
  nodeEnv: 'development' | 'production' | 'test',
): { config: ChainsConfig } | { problems: string[] } {
  const parsed = ChainsEnvSchema.safeParse(env);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const problems: string[] = [];
  const chains: ChainSetup[] = [];
  const minterKeys: Record<number, `0x${string}`> = {};
  const stakingOwnerKeys: Record<number, `0x${string}`> = {};
  for (const id of e.CHAIN_IDS ?? []) {
    const prefix = `CHAIN_${id}_`;
    const own = Object.fromEntries(
      Object.entries(env)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
    const chain = ChainEnvSchema.safeParse(own);
    if (!chain.success) {
      problems.push(...chain.error.issues.map((i) => `${prefix}${i.path.join('.')}: ${i.message}`));
      continue;
    }
    const c = chain.data as z.infer<typeof ChainEnvSchema> & Record<string, Address | undefined>;
    const mayHideKey = c.PUBLIC_RPC_URL ? null : whatMayHideAKey(c.RPC_URL);
    if (mayHideKey) {
      problems.push(
        `${prefix}PUBLIC_RPC_URL: required because ${prefix}RPC_URL has ${mayHideKey} (it may carry a provider key); give the RPC wallets should use`,
      );
      continue;
    }
    if (c.MINTER_KEY) minterKeys[id] = c.MINTER_KEY;
    if (c.STAKING_OWNER_KEY) stakingOwnerKeys[id] = c.STAKING_OWNER_KEY;
    const contracts: ChainContracts = {};
    for (const [name, key] of Object.entries(CHAIN_CONTRACTS) as [ChainContractName, string][]) {
      if (c[key]) contracts[name] = c[key];
    }
    chains.push({
      id,
      name: c.NAME ?? `Chain ${id}`,
      rpcUrl: c.RPC_URL,
      publicRpcUrl: c.PUBLIC_RPC_URL ?? c.RPC_URL, // a bare host: nothing secret to publish
      explorerUrl: c.EXPLORER_URL ?? null,
      confirmations: c.CONFIRMATIONS,
      nativeSymbol: c.NATIVE_SYMBOL,
      contracts,
      ...(c.INDEX_FROM_BLOCK !== undefined ? { indexFromBlock: c.INDEX_FROM_BLOCK } : {}),
    });
  }
  // No chain configured: a development server runs its own anvil (turn off with LOCAL_CHAIN=0).
  const localWanted = e.LOCAL_CHAIN ? e.LOCAL_CHAIN === '1' : !e.CHAIN_IDS && nodeEnv === 'development';
  if (localWanted && e.CHAIN_IDS) problems.push('LOCAL_CHAIN: the local chain runs only when CHAIN_IDS is unset');
  const local = localWanted && !e.CHAIN_IDS ? { port: e.LOCAL_CHAIN_PORT } : null;
  // Checked against CHAIN_IDS itself: a listed chain with a bad key is reported once, by that key.
  const known = (id: number | undefined, key: string) => {
    if (id !== undefined && !local && !e.CHAIN_IDS?.includes(id)) problems.push(`${key}: chain ${id} is not in CHAIN_IDS`);
  };
  known(e.PAYMENT_CHAIN_ID, 'PAYMENT_CHAIN_ID');
  known(e.UNITS_CHAIN_ID, 'UNITS_CHAIN_ID');
  known(e.NFT_CHAIN_ID, 'NFT_CHAIN_ID');
  for (const id of e.GIN_CHAIN_IDS ?? []) {
    known(id, 'GIN_CHAIN_IDS');
    const chain = chains.find((c) => c.id === id);
    if (chain && !chain.contracts.gin) problems.push(`GIN_CHAIN_IDS: chain ${id} has no CHAIN_${id}_GIN`);
  }
  const paymentChainId = local ? LOCAL_CHAIN_ID : (e.PAYMENT_CHAIN_ID ?? null);
  if (problems.length) return { problems };
  return {
    config: {
      local,
      chains,
      paymentChainId,
      paymentRecipient: e.PAYMENT_RECIPIENT ?? null,
      unitsChainId: local ? LOCAL_CHAIN_ID : (e.UNITS_CHAIN_ID ?? paymentChainId),
      nftChainId: local ? LOCAL_CHAIN_ID : (e.NFT_CHAIN_ID ?? paymentChainId),
      minterKeys,
      stakingOwnerKeys,
      quoteMinutes: e.CRYPTO_QUOTE_MINUTES,
      ginChainIds: e.GIN_CHAIN_IDS ?? null,
      ginBurnAddress: e.GIN_BURN_ADDRESS ?? DEFAULT_GIN_BURN_ADDRESS,
    },
  };
}

export function chainById(config: ChainsConfig, id: number | null): ChainSetup | undefined {
  return id === null ? undefined : config.chains.find((c) => c.id === id);
}

/** Where USDC payments go, when everything they need is configured; otherwise undefined. */
export function paymentSetup(
  config: ChainsConfig,
): { chain: ChainSetup; usdc: Address; recipient: Address } | undefined {
  const chain = chainById(config, config.paymentChainId);
  if (!chain?.contracts.usdc || !config.paymentRecipient) return undefined;
  return { chain, usdc: chain.contracts.usdc, recipient: config.paymentRecipient };
}

/** A chain Gin can be burnt on, with its Gin contract. */
export type GinChain = { chain: ChainSetup; gin: Address };

/**
 * The chains that offer Gin to DNC: those with a Gin contract, limited to GIN_CHAIN_IDS when
 * set, in configuration order (an empty list: Gin conversion is not available).
 */
export function ginChains(config: ChainsConfig): GinChain[] {
  return config.chains.flatMap((chain) =>
    chain.contracts.gin && (config.ginChainIds === null || config.ginChainIds.includes(chain.id))
      ? [{ chain, gin: chain.contracts.gin }]
      : [],
  );
}
