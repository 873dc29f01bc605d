import { anvilAddress, anvilPrivateKey } from '@starport/chain';
import type { Address, Hex } from 'viem';

/**
 * Roles of anvil's public test mnemonic on the local chain: account 0 deploys the contracts
 * and funds the demo wallets, 1–3 are the demo players' wallets, 8 is the server's minter
 * (its own account, so its nonces are the minting module's alone), 9 receives USDC payments
 * (the treasury).
 */
export const DEPLOYER_INDEX = 0;
export const DEMO_WALLET_INDEXES = [1, 2, 3] as const;
export const MINTER_INDEX = 8;
export const TREASURY_INDEX = 9;

export type DemoWallet = { index: number; address: Address; privateKey: Hex };

/** The private key of the mnemonic's account `index` (m/44'/60'/0'/0/index, as anvil derives it). */
const localKey = (index: number): Hex => anvilPrivateKey(index);

/** Lower-cased address of a mnemonic account, as the configuration keeps addresses. */
export function localAddress(index: number): Address {
  return anvilAddress(index).toLowerCase() as Address;
}

/** The demo wallets with their keys: public knowledge, printed so a player can import one. */
export function demoWallets(): DemoWallet[] {
  return DEMO_WALLET_INDEXES.map((index) => ({ index, address: localAddress(index), privateKey: localKey(index) }));
}

/** The local deployer's private key: it owns the staking contract (the admin CLI's set-apr, deposit-reward). */
export function localDeployerKey(): Hex {
  return localKey(DEPLOYER_INDEX);
}

/** The local minter's private key (public knowledge, like every key of anvil's mnemonic). */
export function localMinterKey(): Hex {
  return localKey(MINTER_INDEX);
}
