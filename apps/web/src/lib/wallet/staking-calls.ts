import { houseUnitsAbi, unitStakingAbi } from '@starport/chain/abis';
import type { PublicChain } from '@starport/schemas/chain';
import type { Abi } from 'viem';
import { getChainInfo } from './chain-info.ts';
import { WalletError, type HexString, type WalletRuntime } from './wallet-api.ts';

/**
 * Unit-token staking from the player's wallet (spec §4.7, docs/decisions/0055): HouseUnits
 * approval, UnitStaking stake / unstake / claim. Loaded only with the wallet chunk (the
 * staking pages import it dynamically), so the ABIs never reach the first page.
 */
export type StakingContracts = { chainId: number; staking: string; units: string };

export type StakingCalls = {
  /** the connected account, asking the wallet for it when none is connected yet */
  account(): Promise<HexString>;
  /** isApprovedForAll(player, staking), then setApprovalForAll(staking, true) when missing; true when it asked */
  ensureApproval(): Promise<boolean>;
  stake(unitType: number): Promise<HexString>;
  unstake(unitType: number): Promise<HexString>;
  claim(): Promise<HexString>;
};

async function chainOf(chainId: number): Promise<PublicChain> {
  const info = await getChainInfo();
  const chain = info.chains.find((c) => c.id === chainId);
  if (!chain) throw new WalletError('wrong_chain', `Chain ${chainId} is not among this server's networks.`);
  return chain;
}

const NO_CONTRACT_CALLS = 'This wallet connection cannot call contracts.';

export function stakingCalls(wallet: WalletRuntime, contracts: StakingContracts): StakingCalls {
  if (!wallet.writeContract || !wallet.readContract) throw new WalletError('unavailable', NO_CONTRACT_CALLS);
  const write: NonNullable<WalletRuntime['writeContract']> = wallet.writeContract.bind(wallet);
  const read: NonNullable<WalletRuntime['readContract']> = wallet.readContract.bind(wallet);
  const staking = contracts.staking as HexString;
  const units = contracts.units as HexString;

  async function account(): Promise<HexString> {
    return wallet.account() ?? (await wallet.connect('browser'));
  }

  /** Sends, waits for the receipt, and fails when the chain reverted or the wallet cancelled it. */
  async function send(
    address: HexString,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
  ): Promise<HexString> {
    await account();
    const chain = await chainOf(contracts.chainId);
    const hash = await write({ chain, address, abi, functionName, args });
    const receipt = await wallet.waitForReceipt({ chain, hash });
    if (receipt.status === 'cancelled')
      throw new WalletError('tx_failed', 'The transaction was cancelled in the wallet.');
    if (receipt.status === 'reverted')
      throw new WalletError('tx_failed', `The transaction ${receipt.hash} was reverted.`);
    return receipt.hash;
  }

  return {
    account,
    async ensureApproval() {
      const owner = await account();
      const chain = await chainOf(contracts.chainId);
      const approved = await read({
        chain,
        address: units,
        abi: houseUnitsAbi as Abi,
        functionName: 'isApprovedForAll',
        args: [owner, staking],
      });
      if (approved === true) return false;
      await send(units, houseUnitsAbi as Abi, 'setApprovalForAll', [staking, true]);
      return true;
    },
    stake: (unitType) => send(staking, unitStakingAbi as Abi, 'stake', [BigInt(unitType)]),
    unstake: (unitType) => send(staking, unitStakingAbi as Abi, 'unstake', [BigInt(unitType)]),
    claim: () => send(staking, unitStakingAbi as Abi, 'claim', []),
  };
}
