import {
  ANVIL_CHAIN_ID,
  deployOptionsFor,
  anvilClients,
  deployAll,
  startAnvil,
  testUsdcAbi,
  type AnvilInstance,
  type ChainClients,
  type DeployedAddresses,
} from '@starport/chain';
import type { Address } from 'viem';
import { localMinterKey, MINTER_INDEX } from '../src/chain/local-wallets.ts';

/** Anvil mnemonic indexes: 0 deploys, 8 mints (the server's minter), 9 receives payments; players use 1 to 7. */
export const TREASURY_INDEX = 9;
export { MINTER_INDEX };

export type TestChain = {
  anvil: AnvilInstance;
  deployer: ChainClients;
  addresses: DeployedAddresses;
  /** lower-cased treasury address (PAYMENT_RECIPIENT) */
  recipient: Address;
  /** the environment that points a test app at this chain (createTestApp({ env })) */
  env: Record<string, string>;
  /** clients signing with anvil account `index` */
  wallet(index: number): ChainClients;
  /** mints test USDC (base units, 6 decimals) to an address */
  fundUsdc(to: Address, amountBase: bigint): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A real anvil with every contract deployed, for API tests of sign-in and verification.
 * `confirmations` is what the app requires before crediting (mine more with anvil_mine).
 */
export async function startTestChain(opts: { confirmations?: number; chainId?: number } = {}): Promise<TestChain> {
  const anvil = await startAnvil(opts.chainId ? { chainId: opts.chainId } : {});
  try {
    const deployer = anvilClients(anvil, 0);
    const minter = anvilClients(anvil, MINTER_INDEX).account.address;
    const addresses = await deployAll(deployer, { ...deployOptionsFor('https://starport.test'), minter });
    const recipient = anvilClients(anvil, TREASURY_INDEX).account.address.toLowerCase() as Address;
    const id = anvil.chainId;
    const env: Record<string, string> = {
      LOCAL_CHAIN: '0',
      CHAIN_IDS: String(id),
      [`CHAIN_${id}_NAME`]: 'Test chain',
      [`CHAIN_${id}_RPC_URL`]: anvil.rpcUrl,
      [`CHAIN_${id}_EXPLORER_URL`]: 'https://explorer.test',
      [`CHAIN_${id}_CONFIRMATIONS`]: String(opts.confirmations ?? 1),
      [`CHAIN_${id}_USDC`]: addresses.testUsdc,
      [`CHAIN_${id}_GIN`]: addresses.ginToken,
      [`CHAIN_${id}_HOUSE_UNITS`]: addresses.houseUnits,
      [`CHAIN_${id}_UNIT_STAKING`]: addresses.unitStaking,
      [`CHAIN_${id}_SHIP_NFT`]: addresses.shipNft,
      [`CHAIN_${id}_LAND_NFT`]: addresses.landCollectionNft,
      [`CHAIN_${id}_REWARD_TOKEN`]: addresses.rewardToken,
      [`CHAIN_${id}_MINTER_KEY`]: localMinterKey(),
      PAYMENT_CHAIN_ID: String(id),
      PAYMENT_RECIPIENT: recipient,
    };
    return {
      anvil,
      deployer,
      addresses,
      recipient,
      env,
      wallet: (index) => anvilClients(anvil, index),
      async fundUsdc(to, amountBase) {
        const hash = await deployer.walletClient.writeContract({
          address: addresses.testUsdc,
          abi: testUsdcAbi,
          functionName: 'mint',
          args: [to, amountBase],
        });
        await deployer.publicClient.waitForTransactionReceipt({ hash });
      },
      stop: () => anvil.stop(),
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

export { ANVIL_CHAIN_ID };
