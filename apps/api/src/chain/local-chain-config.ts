import { LOCAL_CHAIN_ID, type Address, type ChainContracts, type ChainSetup } from './chain-config.ts';
import type { Config } from '../config.ts';
import { localDeployerKey, localMinterKey } from './local-wallets.ts';

/** Where the local chain's explorer pages are served (modules/chain, only on the local chain). */
export const LOCAL_EXPLORER_PATH = '/dev/explorer';

export function localChainSetup(rpcUrl: string, publicUrl: string, contracts: ChainContracts): ChainSetup {
  return {
    id: LOCAL_CHAIN_ID,
    name: 'Starport local',
    rpcUrl,
    publicRpcUrl: rpcUrl,
    explorerUrl: `${publicUrl}${LOCAL_EXPLORER_PATH}`,
    // anvil mines every transaction at once and never reorganises.
    confirmations: 1,
    nativeSymbol: 'ETH',
    contracts,
  };
}

/**
 * The configuration once the local chain runs: it is the only chain, payments go to the
 * treasury account unless PAYMENT_RECIPIENT names another, the units link to its explorer, and
 * NFTs are minted on it by anvil's minter account (granted MINTER_ROLE: local-deployment.ts).
 */
export function withLocalChain(config: Config, chain: ChainSetup, treasury: Address): Config {
  return {
    ...config,
    chains: {
      ...config.chains,
      chains: [chain],
      paymentChainId: chain.id,
      unitsChainId: chain.id,
      nftChainId: chain.id,
      minterKeys: { [chain.id]: localMinterKey() },
      stakingOwnerKeys: { [chain.id]: localDeployerKey() },
      paymentRecipient: config.chains.paymentRecipient ?? treasury,
    },
    unitsChain: {
      name: config.unitsChain.name,
      contractAddress: chain.contracts.houseUnits ?? null,
      explorerUrl: chain.explorerUrl,
    },
  };
}
