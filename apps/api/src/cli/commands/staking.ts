import { formatUnits } from 'viem';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { depositStakingReward, setStakingApr, showStaking, StakingOwnerError } from '../../modules/staking/index.ts';
import { CliError } from '../cli-error.ts';

/**
 * set-apr, deposit-reward, show-staking: the units chain's staking contract, signed with its
 * owner's key (CHAIN_<ID>_STAKING_OWNER_KEY; the local chain's deployer). The pages read the
 * contract at every new block, so they show the change as soon as its transaction is mined.
 */
const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

async function asOperator<T>(chains: ChainsConfig | undefined, work: (chains: ChainsConfig) => Promise<T>): Promise<T> {
  if (!chains) throw new CliError('The staking commands need the chain configuration.');
  try {
    return await work(chains);
  } catch (err) {
    if (err instanceof StakingOwnerError) throw new CliError(err.message);
    throw err;
  }
}

export const setApr = (chains: ChainsConfig | undefined, bps: number) =>
  asOperator(chains, async (c) => {
    const { before, after, tx } = await setStakingApr(c, bps);
    return [`Staking APR is now ${percent(after)} (was ${percent(before)}); transaction ${tx}.`];
  });

export const depositReward = (chains: ChainsConfig | undefined, whole: bigint) =>
  asOperator(chains, async (c) => {
    const r = await depositStakingReward(c, whole);
    return [`Deposited ${whole} ${r.symbol} into the staking reward pool, which now holds ${formatUnits(r.pool, r.decimals)} ${r.symbol}; transaction ${r.tx}.`];
  });

export const show = (chains: ChainsConfig | undefined) =>
  asOperator(chains, async (c) => {
    const { target, pool: p } = await showStaking(c);
    const tokens = (n: bigint) => `${formatUnits(n, p.rewardDecimals)} ${p.rewardSymbol}`;
    return [
      `staking contract  ${target.staking} on ${target.chain.name} (${target.chain.id})`,
      `owner             ${p.owner}${p.ownerIsContract ? ' (a contract)' : ''}`,
      `apr               ${percent(p.aprBps)} (${p.aprBps} bps)`,
      `reward pool       ${tokens(p.rewardPool)}`,
      `total claimed     ${tokens(p.totalClaimed)}`,
      `units staked      ${p.totalStakedAll}`,
      `staked value      ${tokens(p.totalStakedValue)}`,
    ];
  });
