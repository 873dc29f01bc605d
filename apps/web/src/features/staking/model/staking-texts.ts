/** owned-assets.md §8: the staking pages' texts, word for word where the spec gives them. */
export const STAKING_FETCH_FAILED = 'Request error, possibly due to a network connection issue. Please try again.';
export const CONNECT_TO_STAKE = 'Connect a wallet to see your units and stake them.';
export const ERROR_TITLE = 'Error';
export const SUCCESS_TITLE = 'Success';

/** What each UnitStaking custom error means to a player. */
const CONTRACT_ERRORS: Record<string, string> = {
  InsufficientRewardPool:
    'The reward pool holds less than this reward (InsufficientRewardPool). Please try again once it is topped up.',
  NothingToClaim: 'There is no reward to claim yet (NothingToClaim).',
  NothingStaked: 'No unit of this type is staked from this wallet (NothingStaked).',
  NotStakeable: 'This unit type cannot be staked (NotStakeable).',
};

export const contractErrorText = (name: string | undefined): string | undefined =>
  name === undefined ? undefined : (CONTRACT_ERRORS[name] ?? `The contract refused the call (${name}).`);

export const successText = {
  stake: (name: string) => `One ${name} unit is staked.`,
  unstake: (name: string) => `One ${name} unit is back in your wallet.`,
  claim: 'Your reward was claimed and sent to your wallet.',
  stakeMany: (count: number) => `${count} ${count === 1 ? 'unit is' : 'units are'} staked.`,
};
