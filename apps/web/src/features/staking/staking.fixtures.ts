import type { StakingPool, StakingWallet, WalletUnit } from '@starport/schemas';
import { WalletError, type ContractCall, type HexString, type WalletRuntime } from '../../lib/wallet/wallet-api.ts';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';

/** Test data for the staking pages: odd figures, so a number fixed in the page cannot pass for one read from here. */
export const WALLET = '0x90f79bf6eb2c4f870365e785982e1f101e93b906' as const;
export const CHAIN_ID = 31337;
const E18 = 10n ** 18n;
const base = (whole: bigint, frac = 0n) => (whole * E18 + frac).toString();

export const pool = (over: Partial<StakingPool> = {}): StakingPool => ({
  chain: { id: CHAIN_ID, name: 'Local anvil', explorer_url: null },
  contracts: {
    staking: {
      address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      url: 'https://explorer.test/address/0x5fbdb2315678afecb367f032d93f642f64180aa3',
    },
    units: { address: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512', url: null },
    reward_token: { address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', url: null },
  },
  reward_symbol: 'SPR',
  reward_decimals: 18,
  apr_bps: 2_350,
  apr_percent: '23.50',
  total_staked_units: 7,
  total_staked_value: base(12_345n, 678n * 10n ** 15n),
  reward_pool: base(98_765n),
  total_claimed: base(321n),
  daily_reward: base(7n, 950n * 10n ** 15n),
  pool_lasts_days: 12_410.7,
  owner: { address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', url: null, is_contract: false },
  deployed_block: 42,
  deployed_at: '2026-11-02T10:00:00.000Z',
  realised_apy: [
    { days: 7, apy: '19.25', paid: base(3n) },
    { days: 30, apy: '21.10', paid: base(11n) },
    { days: 90, apy: null, paid: '0' },
  ],
  history: [
    { day: '2026-11-20', units: 3, value: base(4_000n) },
    { day: '2026-11-27', units: 7, value: base(12_345n, 678n * 10n ** 15n) },
  ],
  indexed_block: 120,
  ...over,
});

const unit = (id: number, held: number, staked: number, price: bigint): WalletUnit => ({
  id,
  name: `Type ${id}`,
  image: `/art/units/${id}.png`,
  held,
  staked,
  unit_price: base(price),
});

export const walletPosition = (over: Partial<StakingWallet> = {}): StakingWallet => ({
  wallet: WALLET,
  units: [unit(1, 2, 1, 1_000n), unit(2, 1, 0, 2_500n), unit(3, 0, 0, 4_000n)],
  units_held: 4,
  units_staked: 1,
  staked_value: base(1_000n),
  pending_reward: base(5n, 123_400_000_000_000_000n),
  claimed: base(2n, 500_000_000_000_000_000n),
  total_profit: base(7n, 623_400_000_000_000_000n),
  earned_yesterday: base(0n, 643_800_000_000_000_000n),
  approved: false,
  ...over,
});

type ApiState = { pool: StakingPool; wallet: StakingWallet; poolFails?: boolean };

/** The staking API and the chain config, answering from `state` (a test changes it to show a later read). */
export function mockStakingApi(state: ApiState) {
  return mockFetch((call: Call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (path === '/api/staking/pool')
      return state.poolFails
        ? json(503, { error: true, msg: 'down', code: 'DOWN' })
        : json(200, { error: false, available: true, pool: state.pool });
    if (path.startsWith('/api/staking/wallet/')) return json(200, { error: false, data: state.wallet });
    if (path === '/api/getAssetsNFT') {
      const body = call.body as { ids: number[]; ids_staking: number[] };
      const entry = (id: number) => ({
        _id: `unit-${id}`,
        nft_id: id,
        name: `Type ${id}`,
        image: `/art/units/${id}.png`,
      });
      return json(200, { error: false, data: body.ids.map(entry), dataStaked: body.ids_staking.map(entry) });
    }
    if (path === '/api/chain/config')
      return json(200, {
        error: false,
        signInChainId: CHAIN_ID,
        chains: [
          {
            id: CHAIN_ID,
            name: 'Local anvil',
            rpcUrl: 'http://127.0.0.1:8545',
            explorerUrl: null,
            nativeSymbol: 'ETH',
            confirmations: 1,
          },
        ],
        payment: null,
        local: true,
      });
    return json(404, { error: true, msg: `no ${path} in this test`, code: 'NOT_FOUND' });
  });
}

/**
 * The wallet as the staking pages use it: it records each contract call, answers
 * isApprovedForAll from its own state, and can be told to revert with a contract error or to
 * be refused by the player.
 */
export class StakingFakeWallet {
  calls: { functionName: string; args: readonly unknown[] }[] = [];
  approved = false;
  revertWith: string | undefined;
  refuse = false;
  private connected: HexString | undefined;
  account = () => this.connected;
  connect = async () => {
    this.connected = WALLET;
    return WALLET;
  };
  readContract = async (call: ContractCall) => {
    this.calls.push({ functionName: call.functionName, args: call.args });
    return this.approved;
  };
  writeContract = async (call: ContractCall): Promise<HexString> => {
    if (this.refuse)
      throw new WalletError('refused', 'User denied web3 access. Please install Metamask and connect your wallet');
    if (this.revertWith)
      throw new WalletError('send_failed', `The contract refused the call: ${this.revertWith}.`, this.revertWith);
    this.calls.push({ functionName: call.functionName, args: call.args });
    if (call.functionName === 'setApprovalForAll') this.approved = true;
    return `0x${String(this.calls.length).padStart(64, '0')}`;
  };
  waitForReceipt = async ({ hash }: { hash: HexString }) => ({ status: 'success' as const, hash });
  written = () =>
    this.calls
      .filter((c) => c.functionName !== 'isApprovedForAll')
      .map((c) => `${c.functionName}(${c.args.map(String).join(',')})`);
}

export const asRuntime = (fake: StakingFakeWallet) => fake as unknown as WalletRuntime;
