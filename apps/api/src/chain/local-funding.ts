import {
  ginTokenAbi,
  houseUnitsAbi,
  rewardTokenAbi,
  testUsdcAbi,
  unitStakingAbi,
  type ChainClients,
  type DeployedAddresses,
} from '@starport/chain';
import type { Address } from 'viem';

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
 * result across restarts.
 */
export async function fundDemoWallets(
  deployer: ChainClients,
  addresses: DeployedAddresses,
  wallets: readonly Address[],
): Promise<void> {
  const send = async (request: Parameters<ChainClients['walletClient']['writeContract']>[0]) => {
    const hash = await deployer.walletClient.writeContract(request);
    const receipt = await deployer.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`funding transaction ${hash} reverted`);
  };
  for (const wallet of wallets) {
    await send({ address: addresses.testUsdc, abi: testUsdcAbi, functionName: 'mint', args: [wallet, DEMO_USDC] });
    await send({ address: addresses.ginToken, abi: ginTokenAbi, functionName: 'mint', args: [wallet, DEMO_GIN] });
    for (const id of UNIT_TYPES) {
      await send({ address: addresses.houseUnits, abi: houseUnitsAbi, functionName: 'mint', args: [wallet, id, DEMO_UNITS_PER_TYPE] });
    }
  }
  const owner = deployer.account.address;
  await send({ address: addresses.rewardToken, abi: rewardTokenAbi, functionName: 'mint', args: [owner, DEMO_REWARD_POOL] });
  await send({
    address: addresses.rewardToken,
    abi: rewardTokenAbi,
    functionName: 'approve',
    args: [addresses.unitStaking, DEMO_REWARD_POOL],
  });
  await send({ address: addresses.unitStaking, abi: unitStakingAbi, functionName: 'depositReward', args: [DEMO_REWARD_POOL] });
}
