import {
  ginTokenAbi,
  houseUnitsAbi,
  rewardTokenAbi,
  sendBatch,
  testUsdcAbi,
  unitStakingAbi,
  type BatchCall,
  type ChainClients,
  type DeployedAddresses,
} from '@starport/chain';
import { encodeFunctionData, type Address } from 'viem';

/** What each demo wallet gets on a fresh local chain (it already holds anvil's 10,000 ETH). */
export const DEMO_USDC = 10_000n * 10n ** 6n;
export const DEMO_GIN = 1_000n * 10n ** 18n;
/** Units of each type, Type 1..Type 5: enough to try staking and unstaking. */
export const DEMO_UNITS_PER_TYPE = 2n;
export const UNIT_TYPES = [1n, 2n, 3n, 4n, 5n] as const;
/** Reward tokens put in the staking pool, so claims pay out on the demo chain. */
export const DEMO_REWARD_POOL = 1_000_000n * 10n ** 18n;

/**
 * Funds the demo wallets from the deployer (owner and minter of every contract) and fills the
 * staking reward pool. Runs once, right after a fresh deployment; the state file keeps the
 * result across restarts. Two batches (sendBatch): the deposit draws on the mint and the
 * allowance of the first, so it is sent once they are mined.
 */
export async function fundDemoWallets(
  deployer: ChainClients,
  addresses: DeployedAddresses,
  wallets: readonly Address[],
): Promise<void> {
  const calls: BatchCall[] = [];
  for (const wallet of wallets) {
    calls.push({ to: addresses.testUsdc, data: encodeFunctionData({ abi: testUsdcAbi, functionName: 'mint', args: [wallet, DEMO_USDC] }) });
    calls.push({ to: addresses.ginToken, data: encodeFunctionData({ abi: ginTokenAbi, functionName: 'mint', args: [wallet, DEMO_GIN] }) });
    for (const id of UNIT_TYPES) {
      calls.push({
        to: addresses.houseUnits,
        data: encodeFunctionData({ abi: houseUnitsAbi, functionName: 'mint', args: [wallet, id, DEMO_UNITS_PER_TYPE] }),
      });
    }
  }
  const owner = deployer.account.address;
  calls.push({ to: addresses.rewardToken, data: encodeFunctionData({ abi: rewardTokenAbi, functionName: 'mint', args: [owner, DEMO_REWARD_POOL] }) });
  calls.push({
    to: addresses.rewardToken,
    data: encodeFunctionData({ abi: rewardTokenAbi, functionName: 'approve', args: [addresses.unitStaking, DEMO_REWARD_POOL] }),
  });
  await sendBatch(deployer, calls);
  await sendBatch(deployer, [
    { to: addresses.unitStaking, data: encodeFunctionData({ abi: unitStakingAbi, functionName: 'depositReward', args: [DEMO_REWARD_POOL] }) },
  ]);
}
