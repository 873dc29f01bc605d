import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GIN_BURN_ADDRESS,
  DEFAULT_LOCAL_CHAIN_PORT,
  ginChains,
  LOCAL_CHAIN_ID,
  parseChainsConfig,
  paymentSetup,
  type ChainsConfig,
} from './chain-config.ts';
import { localChainSetup, withLocalChain } from './local-chain-config.ts';
import { ConfigError, loadConfig } from '../config.ts';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const UNITS = '0x1111111111111111111111111111111111111111';
const TREASURY = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';

/** Base for payments and units, BNB Chain configured beside it. */
const twoChains = {
  CHAIN_IDS: '8453,56',
  CHAIN_8453_RPC_URL: 'https://base.example/rpc/',
  CHAIN_8453_PUBLIC_RPC_URL: 'https://mainnet.base.example/',
  CHAIN_8453_NAME: 'Base',
  CHAIN_8453_EXPLORER_URL: 'https://basescan.org/',
  CHAIN_8453_USDC: USDC,
  CHAIN_8453_HOUSE_UNITS: UNITS,
  CHAIN_56_RPC_URL: 'https://bsc.example',
  CHAIN_56_PUBLIC_RPC_URL: 'https://bsc-public.example',
  CHAIN_56_CONFIRMATIONS: '12',
  CHAIN_56_NATIVE_SYMBOL: 'BNB',
  PAYMENT_CHAIN_ID: '8453',
  PAYMENT_RECIPIENT: TREASURY,
};

function parsed(env: Record<string, string>, nodeEnv: 'development' | 'production' | 'test' = 'production'): ChainsConfig {
  const result = parseChainsConfig(env, nodeEnv);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.config;
}

function problems(env: Record<string, string>, nodeEnv: 'development' | 'production' | 'test' = 'production'): string[] {
  const result = parseChainsConfig(env, nodeEnv);
  return 'problems' in result ? result.problems : [];
}

describe('parseChainsConfig', () => {
  it('reads every configured chain, with defaults and lower-cased addresses', () => {
    const config = parsed(twoChains);
    expect(config.local).toBeNull();
    expect(config.chains).toEqual([
      {
        id: 8453,
        name: 'Base',
        rpcUrl: 'https://base.example/rpc',
        publicRpcUrl: 'https://mainnet.base.example',
        explorerUrl: 'https://basescan.org',
        confirmations: 3,
        nativeSymbol: 'ETH',
        contracts: { usdc: USDC.toLowerCase(), houseUnits: UNITS },
      },
      {
        id: 56,
        name: 'Chain 56',
        rpcUrl: 'https://bsc.example',
        publicRpcUrl: 'https://bsc-public.example',
        explorerUrl: null,
        confirmations: 12,
        nativeSymbol: 'BNB',
        contracts: {},
      },
    ]);
    expect(config.paymentChainId).toBe(8453);
    expect(config.paymentRecipient).toBe(TREASURY.toLowerCase());
    // Units default to the payment chain.
    expect(config.unitsChainId).toBe(8453);
    expect(parsed({ ...twoChains, UNITS_CHAIN_ID: '56' }).unitsChainId).toBe(56);
    expect(paymentSetup(config)).toEqual({ chain: config.chains[0], usdc: USDC.toLowerCase(), recipient: TREASURY.toLowerCase() });
  });

  it('names a bad address, a bad URL and a missing RPC by their variable', () => {
    expect(problems({ ...twoChains, CHAIN_8453_USDC: '0x1234' })).toEqual(['CHAIN_8453_USDC: must be 0x followed by 40 hex digits']);
    expect(problems({ ...twoChains, PAYMENT_RECIPIENT: 'treasury.eth' })).toEqual(['PAYMENT_RECIPIENT: must be 0x followed by 40 hex digits']);
    expect(problems({ ...twoChains, CHAIN_56_RPC_URL: 'ftp://bsc.example' })).toEqual([expect.stringMatching(/^CHAIN_56_RPC_URL: /)]);
    const { CHAIN_56_RPC_URL: _dropped, ...noRpc } = twoChains;
    expect(problems(noRpc)).toEqual([expect.stringMatching(/^CHAIN_56_RPC_URL: /)]);
    expect(problems({ ...twoChains, CHAIN_IDS: 'base' })).toEqual(['CHAIN_IDS: must be chain ids separated by commas (e.g. 8453,56,1)']);
  });

  it('reads where the NFT indexer starts on a chain, and names a bad block number', () => {
    const chains = parsed({ ...twoChains, CHAIN_8453_INDEX_FROM_BLOCK: '2100000' }).chains;
    expect(chains.map((c) => c.indexFromBlock)).toEqual([2_100_000, undefined]);
    expect(problems({ ...twoChains, CHAIN_56_INDEX_FROM_BLOCK: '-1' })).toEqual([expect.stringMatching(/^CHAIN_56_INDEX_FROM_BLOCK: /)]);
  });

  // GET /api/chain/config publishes the public RPC: the server's own must not leak through it.
  it('offers wallets the RPC URL itself only when it is a bare origin, which cannot hide a key', () => {
    const bare = { CHAIN_IDS: '8453', CHAIN_8453_RPC_URL: 'http://127.0.0.1:8545/' };
    expect(parsed(bare).chains[0]).toMatchObject({ rpcUrl: 'http://127.0.0.1:8545', publicRpcUrl: 'http://127.0.0.1:8545' });
    expect(parsed({ CHAIN_IDS: '8453', CHAIN_8453_RPC_URL: 'https://rpc.base.example' }).chains[0]?.publicRpcUrl).toBe('https://rpc.base.example');

    const required = (what: string) =>
      `CHAIN_8453_PUBLIC_RPC_URL: required because CHAIN_8453_RPC_URL has ${what} (it may carry a provider key); give the RPC wallets should use`;
    for (const rpc of ['https://base-mainnet.example/v2/SECRETKEY', 'https://base.example/rpc/', 'https://base.example/?apikey=SECRET', 'https://base.example#SECRET']) {
      expect(problems({ CHAIN_IDS: '8453', CHAIN_8453_RPC_URL: rpc }), rpc).toEqual([required('a path or query')]);
    }
    expect(problems({ CHAIN_IDS: '8453', CHAIN_8453_RPC_URL: 'https://user:SECRET@base.example' })).toEqual([required('a user name or password')]);
    // Given, the public RPC is the one offered, whatever the server's looks like.
    const own = { CHAIN_IDS: '8453', CHAIN_8453_RPC_URL: 'https://base-mainnet.example/v2/SECRETKEY', CHAIN_8453_PUBLIC_RPC_URL: 'https://mainnet.base.example' };
    expect(parsed(own).chains[0]).toMatchObject({ rpcUrl: own.CHAIN_8453_RPC_URL, publicRpcUrl: 'https://mainnet.base.example' });
  });

  it('refuses a payment or units chain that is not in CHAIN_IDS', () => {
    expect(problems({ ...twoChains, PAYMENT_CHAIN_ID: '1', UNITS_CHAIN_ID: '137' })).toEqual([
      'PAYMENT_CHAIN_ID: chain 1 is not in CHAIN_IDS',
      'UNITS_CHAIN_ID: chain 137 is not in CHAIN_IDS',
    ]);
    expect(problems({ PAYMENT_CHAIN_ID: '8453' })).toEqual(['PAYMENT_CHAIN_ID: chain 8453 is not in CHAIN_IDS']);
  });

  it('runs the local chain by default in development only, when no chain is configured', () => {
    const dev = parsed({}, 'development');
    expect(dev.local).toEqual({ port: DEFAULT_LOCAL_CHAIN_PORT });
    expect(dev.chains).toEqual([]);
    expect(dev.paymentChainId).toBe(LOCAL_CHAIN_ID);
    expect(dev.unitsChainId).toBe(LOCAL_CHAIN_ID);
    expect(parsed({ LOCAL_CHAIN_PORT: '0' }, 'development').local).toEqual({ port: 0 });
    expect(parsed({ LOCAL_CHAIN: '0' }, 'development').local).toBeNull();
    expect(parsed({}, 'test').local).toBeNull();
    expect(parsed({}, 'production')).toMatchObject({ local: null, paymentChainId: null, unitsChainId: null });
    // A configured chain turns the default off; LOCAL_CHAIN=1 asks for it anywhere.
    expect(parsed(twoChains, 'development').local).toBeNull();
    expect(parsed({ LOCAL_CHAIN: '1' }, 'production').local).toEqual({ port: DEFAULT_LOCAL_CHAIN_PORT });
  });

  it('refuses LOCAL_CHAIN=1 together with CHAIN_IDS', () => {
    expect(problems({ ...twoChains, LOCAL_CHAIN: '1' }, 'development')).toEqual([
      'LOCAL_CHAIN: the local chain runs only when CHAIN_IDS is unset',
    ]);
  });

  it('keeps each chain’s minter key apart from the chain, mints on the payment chain unless NFT_CHAIN_ID says otherwise', () => {
    const key = `0x${'1f'.repeat(32)}`;
    const config = parsed({ ...twoChains, CHAIN_56_MINTER_KEY: key });
    expect(config.minterKeys).toEqual({ 56: key });
    expect(JSON.stringify(config.chains)).not.toContain(key);
    expect(config.nftChainId).toBe(8453);
    expect(parsed({ ...twoChains, NFT_CHAIN_ID: '56' }).nftChainId).toBe(56);
    expect(problems({ ...twoChains, CHAIN_56_MINTER_KEY: '0x1234' })).toEqual([
      'CHAIN_56_MINTER_KEY: must be 0x followed by 64 hex digits (a private key)',
    ]);
    expect(problems({ ...twoChains, NFT_CHAIN_ID: '1' })).toEqual(['NFT_CHAIN_ID: chain 1 is not in CHAIN_IDS']);
  });

  it('keeps the staking owner key apart from the chain, like the minter key', () => {
    const key = `0x${'2e'.repeat(32)}`;
    const config = parsed({ ...twoChains, CHAIN_8453_STAKING_OWNER_KEY: key });
    expect(config.stakingOwnerKeys).toEqual({ 8453: key });
    expect(JSON.stringify(config.chains)).not.toContain(key);
    expect(problems({ ...twoChains, CHAIN_8453_STAKING_OWNER_KEY: 'secret' })).toEqual([
      'CHAIN_8453_STAKING_OWNER_KEY: must be 0x followed by 64 hex digits (a private key)',
    ]);
  });

  it('has no payment setup without USDC on the payment chain or without a recipient', () => {
    const { PAYMENT_RECIPIENT: _r, ...noRecipient } = twoChains;
    expect(paymentSetup(parsed(noRecipient))).toBeUndefined();
    const { CHAIN_8453_USDC: _u, ...noUsdc } = twoChains;
    expect(paymentSetup(parsed(noUsdc))).toBeUndefined();
  });
});

describe('loadConfig and the chains', () => {
  const base = { NODE_ENV: 'production', DATA_DIR: '/tmp/starport-test-unused', JWT_ACCESS_SECRET: 'x'.repeat(40), CARD_PROVIDER: 'off', WIDGET_PROVIDER: 'off' };

  it('stops with the list of bad chain keys', () => {
    expect(() => loadConfig({ ...base, ...twoChains, CHAIN_8453_USDC: 'nope', UNITS_CHAIN_ID: '7' })).toThrow(
      new ConfigError('Invalid configuration:\n  CHAIN_8453_USDC: must be 0x followed by 40 hex digits\n  UNITS_CHAIN_ID: chain 7 is not in CHAIN_IDS'),
    );
  });

  it("takes the units' name, contract and explorer from UNITS_CHAIN_ID's chain", () => {
    const config = loadConfig({ ...base, ...twoChains, UNITS_CHAIN_NAME: 'Ignored', UNITS_CONTRACT_ADDRESS: '0x2222222222222222222222222222222222222222' });
    expect(config.unitsChain).toEqual({ name: 'Base', contractAddress: UNITS, explorerUrl: 'https://basescan.org' });
  });

  it('falls back to the UNITS_* variables when no chain is configured', () => {
    expect(loadConfig(base).unitsChain).toEqual({ name: 'Base', contractAddress: null, explorerUrl: null });
    const units = '0x2222222222222222222222222222222222222222';
    expect(
      loadConfig({ ...base, UNITS_CHAIN_NAME: 'Polygon', UNITS_CONTRACT_ADDRESS: units, CHAIN_EXPLORER_URL: 'https://polygonscan.com/' }).unitsChain,
    ).toEqual({ name: 'Polygon', contractAddress: units, explorerUrl: 'https://polygonscan.com' });
  });
});

describe('Gin networks (decision 0053)', () => {
  const GIN_ETH = '0x2222222222222222222222222222222222222222';
  const GIN_BSC = '0x3333333333333333333333333333333333333333';
  const ginEnv = {
    CHAIN_IDS: '1,56,8453',
    CHAIN_1_RPC_URL: 'https://eth.example',
    CHAIN_1_NAME: 'Ethereum',
    CHAIN_1_GIN: GIN_ETH,
    CHAIN_56_RPC_URL: 'https://bsc.example',
    CHAIN_56_NAME: 'BNB Smart Chain',
    CHAIN_56_GIN: GIN_BSC,
    CHAIN_8453_RPC_URL: 'https://base.example',
  };

  it('offers every chain with a Gin contract, burning to the dead address, unless told otherwise', () => {
    const config = parsed(ginEnv);
    expect(ginChains(config).map((g) => [g.chain.id, g.gin])).toEqual([
      [1, GIN_ETH],
      [56, GIN_BSC],
    ]);
    expect(config.ginBurnAddress).toBe(DEFAULT_GIN_BURN_ADDRESS);
    expect(DEFAULT_GIN_BURN_ADDRESS).toBe('0x000000000000000000000000000000000000dead');
  });

  it('GIN_CHAIN_IDS picks the chains, GIN_BURN_ADDRESS the burn address (lower-cased)', () => {
    const config = parsed({ ...ginEnv, GIN_CHAIN_IDS: '56', GIN_BURN_ADDRESS: '0x000000000000000000000000000000000000DEAD' });
    expect(ginChains(config).map((g) => g.chain.id)).toEqual([56]);
    expect(config.ginBurnAddress).toBe('0x000000000000000000000000000000000000dead');
  });

  it('no chain with Gin: nothing is offered', () => {
    expect(ginChains(parsed(twoChains))).toEqual([]);
  });

  it('names a Gin chain that is not configured or has no Gin contract, and a bad burn address', () => {
    expect(problems({ ...ginEnv, GIN_CHAIN_IDS: '10' })).toEqual(['GIN_CHAIN_IDS: chain 10 is not in CHAIN_IDS']);
    expect(problems({ ...ginEnv, GIN_CHAIN_IDS: '1,8453' })).toEqual(['GIN_CHAIN_IDS: chain 8453 has no CHAIN_8453_GIN']);
    expect(problems({ ...ginEnv, GIN_BURN_ADDRESS: '0xdead' })).toEqual(['GIN_BURN_ADDRESS: must be 0x followed by 40 hex digits']);
    expect(problems({ ...ginEnv, GIN_CHAIN_IDS: '1;56' })[0]).toMatch(/^GIN_CHAIN_IDS: must be chain ids/);
  });

  it('the local chain (npm start) offers its GinToken', () => {
    const base = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: '/tmp/starport-test-unused',
      PUBLIC_URL: 'http://localhost:3000',
      JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    });
    const local = localChainSetup('http://127.0.0.1:8545', 'http://localhost:3000', { gin: GIN_ETH, usdc: GIN_BSC });
    const config = withLocalChain(base, local, TREASURY.toLowerCase() as `0x${string}`);
    expect(ginChains(config.chains).map((g) => [g.chain.id, g.gin])).toEqual([[LOCAL_CHAIN_ID, GIN_ETH]]);
  });
});
