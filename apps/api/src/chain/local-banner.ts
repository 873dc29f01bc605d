import path from 'node:path';
import type { ChainsConfig } from './chain-config.ts';
import { STATE_FILE } from './local-chain.ts';
import type { SharedLocalChain } from './shared-local-chain.ts';
import { DEMO_GIN, DEMO_UNITS_PER_TYPE, DEMO_USDC } from './local-funding.ts';

const whole = (base: bigint, decimals: number) => (base / 10n ** BigInt(decimals)).toLocaleString('en-US');

/** The start banner's chain lines: what runs where, and the demo wallets with their (public) keys. */
export function chainBannerLines(chains: ChainsConfig, local: SharedLocalChain | undefined, dataDir: string): string[] {
  if (!local) {
    if (!chains.chains.length) return ['  Chains: none configured (crypto payments and wallet sign-in are off)'];
    return [`  Chains: ${chains.chains.map((c) => `${c.name} (${c.id})`).join(', ')}`];
  }
  const { chain } = local;
  const c = chain.contracts;
  const network = `${chain.name}, chain id ${chain.id}, RPC ${chain.rpcUrl}`;
  const { joined } = local;
  return [
    joined
      ? `  Local chain: joined the one another copy runs (DATA_DIR ${joined.dataDir} on ${joined.host}): ${network}`
      : `  Local chain: ${network} (anvil, state in ${path.join(dataDir, STATE_FILE)})`,
    `    contracts ${joined ? 'of that chain' : local.freshDeployment ? 'deployed now' : 'from the last start'}: USDC ${c.usdc}  units ${c.houseUnits}  staking ${c.unitStaking}`,
    `    explorer ${chain.explorerUrl}   payments go to ${local.config.chains.paymentRecipient}`,
    '  Demo wallets: import one into your wallet; these keys are public, local chain only.',
    `  Each got ${whole(DEMO_USDC, 6)} USDC, ${whole(DEMO_GIN, 18)} GIN and ${DEMO_UNITS_PER_TYPE} units of each type on the first start (and has ETH):`,
    ...local.demoWallets.map((w) => `    ${w.address}  private key ${w.privateKey}`),
  ];
}
