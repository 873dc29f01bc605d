import { ANVIL_MNEMONIC } from '@starport/chain';
import { toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

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

/** Lower-cased address of a mnemonic account, as the configuration keeps addresses. */
export function localAddress(index: number): Address {
  return mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).address.toLowerCase() as Address;
}

/** The demo wallets with their keys: public knowledge, printed so a player can import one. */
export function demoWallets(): DemoWallet[] {
  return DEMO_WALLET_INDEXES.map((index) => {
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
    const key = account.getHdKey().privateKey;
    if (!key) throw new Error(`no private key for anvil account ${index}`);
    return { index, address: account.address.toLowerCase() as Address, privateKey: toHex(key) };
  });
}

/** The local deployer's private key: it owns the staking contract (the admin CLI's set-apr, deposit-reward). */
export function localDeployerKey(): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: DEPLOYER_INDEX }).getHdKey().privateKey;
  if (!key) throw new Error(`no private key for anvil account ${DEPLOYER_INDEX}`);
  return toHex(key);
}

/** The local minter's private key (public knowledge, like every key of anvil's mnemonic). */
export function localMinterKey(): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: MINTER_INDEX }).getHdKey().privateKey;
  if (!key) throw new Error(`no private key for anvil account ${MINTER_INDEX}`);
  return toHex(key);
}
