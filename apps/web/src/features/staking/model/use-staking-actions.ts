import type { StakingPool, StakingStatus, WalletUnit } from '@starport/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadWallet, WalletError } from '../../../lib/wallet/wallet-api.ts';
import { stakingKeys } from '../api/get-staking-pool.ts';
import { contractErrorText, successText } from './staking-texts.ts';

export type StakingOutcome = { title: 'Error' | 'Success'; message: string } | null;

/** What the status line says while an action runs (role=status), per spec §4.7's statuses. */
export type StakingProgress = { status: StakingStatus; text: string };

const IDLE: StakingProgress = { status: 'DEFAULT', text: '' };

function messageOf(error: unknown): string {
  if (error instanceof WalletError) return contractErrorText(error.contractError) ?? error.message;
  return error instanceof Error && error.message ? error.message : 'Transaction error!';
}

/** The lazily loaded calls: wagmi, viem and the ABIs arrive with the first action, never with the page. */
async function callsFor(pool: StakingPool) {
  const [wallet, { stakingCalls }] = await Promise.all([loadWallet(), import('../../../lib/wallet/staking-calls.ts')]);
  return stakingCalls(wallet, {
    chainId: pool.chain.id,
    staking: pool.contracts.staking.address,
    units: pool.contracts.units.address,
  });
}

/**
 * Stake, unstake and claim from the player's wallet (spec §4.7): approval first when missing,
 * one unit per action, then every staking figure is read again. A failure is shown in the
 * "Error" dialog with its reason (a contract error, a refused signature), never only logged.
 */
export function useStakingActions(pool: StakingPool | undefined) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<StakingProgress>(IDLE);
  const [outcome, setOutcome] = useState<StakingOutcome>(null);

  async function run(working: string, action: (calls: Awaited<ReturnType<typeof callsFor>>) => Promise<string>) {
    if (!pool || progress.status === 'PROCESSING') return;
    setProgress({ status: 'PROCESSING', text: working });
    try {
      const message = await action(await callsFor(pool));
      setProgress({ status: 'SUCCESS', text: message });
      setOutcome({ title: 'Success', message });
    } catch (error) {
      const message = messageOf(error);
      setProgress({ status: 'FAILED', text: message });
      setOutcome({ title: 'Error', message });
    } finally {
      await queryClient.invalidateQueries({ queryKey: stakingKeys.all });
    }
  }

  const approveThen = async (calls: Awaited<ReturnType<typeof callsFor>>) => {
    setProgress({ status: 'PROCESSING', text: 'Checking that the staking contract may move your units…' });
    if (await calls.ensureApproval()) setProgress({ status: 'PROCESSING', text: 'Approval confirmed. Staking…' });
  };

  return {
    progress,
    outcome,
    busy: progress.status === 'PROCESSING',
    dismissOutcome: () => setOutcome(null),
    stake: (unit: Pick<WalletUnit, 'id' | 'name'>) =>
      run(`Staking one ${unit.name} unit… Please confirm in your wallet.`, async (calls) => {
        await approveThen(calls);
        setProgress({ status: 'PROCESSING', text: `Staking one ${unit.name} unit… Please confirm in your wallet.` });
        await calls.stake(unit.id);
        return successText.stake(unit.name);
      }),
    unstake: (unit: Pick<WalletUnit, 'id' | 'name'>) =>
      run(`Unstaking one ${unit.name} unit… Please confirm in your wallet.`, async (calls) => {
        await calls.unstake(unit.id);
        return successText.unstake(unit.name);
      }),
    claim: () =>
      run('Claiming your reward… Please confirm in your wallet.', async (calls) => {
        await calls.claim();
        return successText.claim;
      }),
    /** Stakes `types.length` units one after another (the affiliate deposit), saying how far it got. */
    stakeMany: (types: Pick<WalletUnit, 'id' | 'name'>[]) =>
      run(`Staking ${types.length} units…`, async (calls) => {
        await approveThen(calls);
        for (const [index, unit] of types.entries()) {
          setProgress({
            status: 'PROCESSING',
            text: `Staking unit ${index + 1} of ${types.length} (${unit.name})… Please confirm in your wallet.`,
          });
          try {
            await calls.stake(unit.id);
          } catch (error) {
            throw new Error(`${index} of ${types.length} units were staked, then: ${messageOf(error)}`);
          }
        }
        return successText.stakeMany(types.length);
      }),
  };
}

/** The units to stake for a deposit of `count`: the held units, type by type. */
export function unitsToDeposit(units: WalletUnit[], count: number): WalletUnit[] {
  const picked: WalletUnit[] = [];
  for (const unit of units) {
    for (let i = 0; i < unit.held && picked.length < count; i += 1) picked.push(unit);
  }
  return picked;
}
