import { erc20Abi, type Address } from 'viem';
import { unitStakingAbi } from '@starport/chain';
import { STAKING_UNAVAILABLE } from '@starport/schemas';
import { chainById, type ChainsConfig, type ChainSetup } from '../../chain/chain-config.ts';
import type { ChainClient } from '../../chain/clients.ts';
import { AppError } from '../../lib/app-error.ts';

/** The staking contract the server reads: the units chain's UNIT_STAKING. */
export type StakingTarget = { chain: ChainSetup; staking: Address };

/** The units chain's staking contract, or why there is none (GET /api/staking/pool `reason`). */
export function stakingTarget(chains: ChainsConfig): StakingTarget | { reason: string } {
  const chain = chainById(chains, chains.unitsChainId);
  if (!chain) return { reason: 'No units chain is configured on this server.' };
  const staking = chain.contracts.unitStaking;
  if (!staking) return { reason: `The units chain (${chain.name}) has no staking contract configured.` };
  return { chain, staking: staking.toLowerCase() as Address };
}

export const stakingUnavailable = () => new AppError('STAKING_UNAVAILABLE', 409, STAKING_UNAVAILABLE);

/** The target, or a 409 STAKING_UNAVAILABLE for the calls that need one. */
export function requireStakingTarget(chains: ChainsConfig): StakingTarget {
  const target = stakingTarget(chains);
  if ('reason' in target) throw stakingUnavailable();
  return target;
}

/** What never changes about a deployed staking contract (its immutables and its token's metadata). */
export type StakingContractFacts = { units: Address; rewardToken: Address; rewardSymbol: string; rewardDecimals: number };

const facts = new Map<string, Promise<StakingContractFacts>>();

/** Read once per contract and kept (a failed read is forgotten, to be tried again). */
export function stakingContractFacts(client: ChainClient, target: StakingTarget): Promise<StakingContractFacts> {
  const key = `${target.chain.id}|${target.chain.rpcUrl}|${target.staking}`;
  let known = facts.get(key);
  if (!known) {
    known = (async () => {
      const read = { address: target.staking, abi: unitStakingAbi } as const;
      const [units, rewardToken] = await Promise.all([
        client.readContract({ ...read, functionName: 'units' }),
        client.readContract({ ...read, functionName: 'rewardToken' }),
      ]);
      const [rewardSymbol, rewardDecimals] = await Promise.all([
        client.readContract({ address: rewardToken, abi: erc20Abi, functionName: 'symbol' }),
        client.readContract({ address: rewardToken, abi: erc20Abi, functionName: 'decimals' }),
      ]);
      return { units: units.toLowerCase() as Address, rewardToken: rewardToken.toLowerCase() as Address, rewardSymbol, rewardDecimals };
    })();
    facts.set(key, known);
    known.catch(() => facts.delete(key));
  }
  return known;
}

const deployments = new Map<string, Promise<bigint>>();

/**
 * The block the staking contract was deployed in: CHAIN_<ID>_INDEX_FROM_BLOCK when set (the
 * operator's deployment block), else found by a binary search on eth_getCode (about log2(head)
 * reads, once per process), or, where past state is gone, from the contract's first event.
 * The indexer starts there and the Risk tab shows its date.
 */
export function deploymentBlock(client: ChainClient, target: StakingTarget): Promise<bigint> {
  if (target.chain.indexFromBlock !== undefined) return Promise.resolve(BigInt(target.chain.indexFromBlock));
  const key = `${target.chain.id}|${target.chain.rpcUrl}|${target.staking}`;
  let known = deployments.get(key);
  if (!known) {
    known = (async () => {
      let high = await client.getBlockNumber({ cacheTime: 0 });
      let low = 0n;
      const hasCode = async (blockNumber: bigint) => {
        const code = await client.getCode({ address: target.staking, blockNumber });
        return !!code && code !== '0x';
      };
      if (!(await hasCode(high))) throw new Error(`no staking contract at ${target.staking} on chain ${target.chain.id}`);
      const head = high;
      try {
        while (low < high) {
          const mid = (low + high) / 2n;
          if (await hasCode(mid)) high = mid;
          else low = mid + 1n;
        }
        return low;
      } catch (err) {
        // A node without past state refuses historic eth_getCode: a pruned node, or anvil
        // restored from its state file (npm start's second start). The contract's first event
        // then names its block: Ownable's constructor emits OwnershipTransferred.
        const [first] = await client.getLogs({ address: target.staking, fromBlock: 0n, toBlock: head }).catch(() => []);
        if (first?.blockNumber == null) throw err;
        return first.blockNumber;
      }
    })();
    deployments.set(key, known);
    known.catch(() => deployments.delete(key));
  }
  return known;
}
