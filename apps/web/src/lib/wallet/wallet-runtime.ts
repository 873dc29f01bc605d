import {
  connect as wagmiConnect,
  createConfig,
  disconnect as wagmiDisconnect,
  getConnection,
  getConnectorClient,
  getConnectors,
  getPublicClient,
  injected,
  signMessage as wagmiSignMessage,
  switchChain as wagmiSwitchChain,
  writeContract,
  type Connector,
} from '@wagmi/core';
import { erc20Abi, http, type Chain, type ReplacementReason, type Transport } from 'viem';
import { estimateContractGas, readContract, simulateContract, waitForTransactionReceipt } from 'viem/actions';
import { gasLimitFor } from '@starport/chain/gas';
import type { PublicChain } from '@starport/schemas/chain';
import { getChainInfo } from './chain-info.ts';
import {
  WalletError,
  type BrowserWallet,
  type HexString,
  type ContractCall,
  type WalletChoice,
  type WalletRuntime,
} from './wallet-api.ts';
import { NO_CHAIN_CONFIGURED, toViemChain } from './wallet-chains.ts';
import {
  NO_WALLET_MSG,
  REFUSED_MSG,
  WALLETCONNECT_UNSET_MSG,
  toContractCallError,
  toWalletError,
} from './wallet-errors.ts';

/**
 * The wallet chunk: wagmi + viem behind the small WalletRuntime interface. Only wallet-api.ts's
 * loadWallet() imports it, dynamically, so none of this reaches the first page's JavaScript.
 */

/** Wallets answer EIP-6963's request synchronously as a rule; this covers the slow ones. */
const DISCOVERY_WAIT_MS = 150;
const LEGACY_INJECTED_ID = 'injected';

/**
 * The browser wallet that last connected on this device (its EIP-6963 rdns): with several
 * extensions, a later payment or sign-in asks that one again rather than the browser's default.
 * Not a secret, and not the session: wagmi itself keeps nothing (storage: null).
 */
const LAST_BROWSER_WALLET_KEY = 'starport.browserWallet';

function readLastBrowserWallet(): string | null {
  try {
    return window.localStorage.getItem(LAST_BROWSER_WALLET_KEY);
  } catch {
    return null; // storage blocked: the default wallet answers
  }
}

/** Which browser wallet connected each address here (lower-cased address → id). */
const WALLET_OF_ADDRESS_KEY = 'starport.browserWalletOf';

function walletsOfAddresses(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(WALLET_OF_ADDRESS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {}; // storage blocked or garbled: nothing remembered
  }
}

/** Every account the wallet shared is remembered with it, not only the one it put first. */
function rememberBrowserWallet(id: string, accounts: readonly string[]) {
  try {
    window.localStorage.setItem(LAST_BROWSER_WALLET_KEY, id);
    const byAddress = { ...walletsOfAddresses(), ...Object.fromEntries(accounts.map((a) => [a.toLowerCase(), id])) };
    window.localStorage.setItem(WALLET_OF_ADDRESS_KEY, JSON.stringify(byAddress));
  } catch {
    // storage blocked: nothing to remember
  }
}

/** One entry per connector; two extensions with the same name both stay, told apart by id. */
function uniqueWallets(connectors: Connector[]): BrowserWallet[] {
  const seen = new Set<string>();
  return connectors.filter((c) => !seen.has(c.id) && seen.add(c.id)).map((c) => ({ id: c.id, name: c.name }));
}

type Eip1193 = { request: (...args: never[]) => Promise<unknown> };
const legacyProvider = (): Eip1193 | undefined => (window as Window & { ethereum?: Eip1193 }).ethereum;

export async function createWalletRuntime(): Promise<WalletRuntime> {
  const info = await getChainInfo();
  const chains = info.chains.map(toViemChain);
  const configChains = (chains.length ? chains : [NO_CHAIN_CONFIGURED]) as [Chain, ...Chain[]];
  const config = createConfig({
    chains: configChains,
    transports: Object.fromEntries(configChains.map((c) => [c.id, http(c.rpcUrls.default.http[0])])) as Record<
      number,
      Transport
    >,
    // window.ethereum for wallets that predate EIP-6963; wagmi adds one connector per announced wallet.
    connectors: [injected()],
    multiInjectedProviderDiscovery: true,
    // The signed-in state is our session, not wagmi's: nothing of wagmi's is kept between visits.
    storage: null,
  });
  await new Promise((resolve) => setTimeout(resolve, DISCOVERY_WAIT_MS));

  const projectId = import.meta.env.VITE_WALLETCONNECT_PROJECT_ID?.trim();
  let walletConnectInstance: Connector | undefined;

  /** The announced (EIP-6963) wallets, then window.ethereum when no announced wallet is that object. */
  async function browserConnectors(): Promise<Connector[]> {
    const all = getConnectors(config).filter((c) => c.type === 'injected');
    const announced = all.filter((c) => c.id !== LEGACY_INJECTED_ID);
    const legacy = legacyProvider();
    if (!legacy) return announced;
    const providers = await Promise.all(announced.map((c) => c.getProvider().catch(() => undefined)));
    const defaultIndex = providers.findIndex((p) => p === legacy);
    // The wallet the browser made window.ethereum is the player's default: it goes first.
    if (defaultIndex >= 0) return [announced[defaultIndex]!, ...announced.filter((_, i) => i !== defaultIndex)];
    const legacyConnector = all.find((c) => c.id === LEGACY_INJECTED_ID);
    return legacyConnector ? [...announced, legacyConnector] : announced;
  }

  // Read once here: choices() is synchronous and the list does not change mid-dialog.
  const wallets = uniqueWallets(await browserConnectors());

  /** The wallet asked for by id, else the one last used here, else the browser's default. */
  async function browserConnector(walletId: string | undefined): Promise<Connector | undefined> {
    const found = await browserConnectors();
    if (walletId !== undefined) {
      const picked = found.find((c) => c.id === walletId);
      if (!picked) throw new WalletError('no_wallet', `That wallet is no longer in this browser. ${NO_WALLET_MSG}`);
      return picked;
    }
    const lastUsed = readLastBrowserWallet();
    return found.find((c) => c.id === lastUsed) ?? found[0];
  }

  /** Created on first use and kept: a second connector would open a second relay session. */
  async function walletConnectConnector(): Promise<Connector> {
    if (!projectId) throw new WalletError('unavailable', WALLETCONNECT_UNSET_MSG);
    // Loaded only when chosen: the WalletConnect SDK and its QR modal are large.
    const { walletConnect } = await import('@wagmi/connectors/walletConnect');
    walletConnectInstance ??= config._internal.connectors.setup(
      walletConnect({
        projectId,
        showQrModal: true,
        metadata: {
          name: 'Starport',
          description: 'Spaceships, blind boxes and container-house units',
          url: window.location.origin,
          icons: [],
        },
      }),
    );
    return walletConnectInstance;
  }

  const account = (): HexString | undefined => getConnection(config).address?.toLowerCase() as HexString | undefined;

  async function connect(choice: WalletChoice, walletId?: string): Promise<HexString> {
    try {
      const connector = choice === 'walletconnect' ? await walletConnectConnector() : await browserConnector(walletId);
      if (!connector) throw new WalletError('no_wallet', NO_WALLET_MSG);
      const current = getConnection(config);
      // Asking the same wallet again would throw "already connected": its account is the answer.
      if (current.connector?.uid === connector.uid && current.address) {
        return current.address.toLowerCase() as HexString;
      }
      const result = await wagmiConnect(config, { connector });
      const address = result.accounts[0];
      if (!address) throw new WalletError('refused', REFUSED_MSG);
      if (choice === 'browser') rememberBrowserWallet(connector.id, result.accounts);
      return address.toLowerCase() as HexString;
    } catch (error) {
      throw toWalletError(error, 'connect');
    }
  }

  const configured = (chain: PublicChain): Chain => {
    const known = config.chains.find((c) => c.id === chain.id);
    if (!known)
      throw new WalletError('wrong_chain', `${chain.name} is not among this page's networks; reload the page.`);
    return known;
  };

  async function switchChain(chain: PublicChain): Promise<void> {
    try {
      configured(chain);
      const connection = getConnection(config);
      if (!connection.connector) throw new WalletError('no_wallet', NO_WALLET_MSG);
      if ((await connection.connector.getChainId()) === chain.id) return;
      // wagmi's injected connector answers 4902 ("unknown chain") with wallet_addEthereumChain
      // from the chain's definition, then switches.
      await wagmiSwitchChain(config, { chainId: chain.id });
    } catch (error) {
      throw toWalletError(error, 'switch', chain.name);
    }
  }

  /** The wallet's own connection on the chain, else the server's RPC URL (see waitForReceipt). */
  async function clientOn(chain: PublicChain) {
    configured(chain);
    const viaWallet = await getConnectorClient(config, { chainId: chain.id }).catch(() => undefined);
    const client = viaWallet ?? getPublicClient(config, { chainId: chain.id });
    if (!client) throw new WalletError('wrong_chain', `${chain.name} is not among this page's networks.`);
    return client;
  }

  const callOf = (call: ContractCall) => ({
    address: call.address,
    abi: call.abi,
    functionName: call.functionName,
    args: call.args,
  });

  async function writeContractCall(call: ContractCall): Promise<HexString> {
    await switchChain(call.chain);
    const from = account();
    if (!from) throw new WalletError('no_wallet', NO_WALLET_MSG);
    try {
      const client = await clientOn(call.chain);
      // A revert (InsufficientRewardPool, NothingToClaim…) is named here, before the wallet asks to sign.
      await simulateContract(client, { ...callOf(call), account: from } as never);
      // The wallet's own estimate would leave a stake mined a second later short of gas (gas.ts).
      const estimate = await estimateContractGas(client, { ...callOf(call), account: from } as never);
      const gas = gasLimitFor(estimate);
      return await writeContract(config, { ...callOf(call), chainId: call.chain.id, account: from, gas } as never);
    } catch (error) {
      throw toContractCallError(error, 'send', call.chain.name);
    }
  }

  return {
    writeContract: writeContractCall,
    async readContract(call) {
      try {
        return await readContract(await clientOn(call.chain), callOf(call) as never);
      } catch (error) {
        throw toContractCallError(error, 'receipt', call.chain.name);
      }
    },
    choices: () => ({
      browser: { available: wallets.length > 0, wallets },
      walletconnect: projectId ? { available: true } : { available: false, reason: WALLETCONNECT_UNSET_MSG },
    }),
    connect,
    browserWalletOf: (address) => {
      const id = walletsOfAddresses()[address.toLowerCase()];
      return wallets.some((w) => w.id === id) ? id : undefined;
    },
    account,
    async signMessage(message) {
      try {
        const address = account();
        if (!address) throw new WalletError('no_wallet', NO_WALLET_MSG);
        return await wagmiSignMessage(config, { message, account: address });
      } catch (error) {
        throw toWalletError(error, 'sign');
      }
    },
    switchChain,
    async sendTokenTransfer({ chain, token, to, amount, gas }) {
      await switchChain(chain);
      try {
        return await writeContract(config, {
          chainId: configured(chain).id,
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, amount],
          ...(gas === undefined ? {} : { gas }),
        });
      } catch (error) {
        throw toWalletError(error, 'send', chain.name);
      }
    },
    async waitForReceipt({ chain, hash }) {
      try {
        configured(chain);
        // Through the wallet's own connection first: the page's Content-Security-Policy lets it
        // reach no RPC origin but its own, and the wallet is already on this chain after sending.
        // The server's RPC URL is the fallback when the wallet has moved to another chain.
        const viaWallet = await getConnectorClient(config, { chainId: chain.id }).catch(() => undefined);
        const client = viaWallet ?? getPublicClient(config, { chainId: chain.id });
        if (!client) throw new WalletError('wrong_chain', `${chain.name} is not among this page's networks.`);
        // viem reports a revert as a status (wagmi's own helper would throw instead). When the
        // wallet replaced the transaction (same nonce), viem follows it to the one mined and
        // names the reason before it resolves with that transaction's receipt.
        const replaced: { reason?: ReplacementReason } = {};
        const receipt = await waitForTransactionReceipt(client, {
          hash,
          pollingInterval: 1_000,
          onReplaced: ({ reason }) => {
            replaced.reason = reason;
          },
        });
        return {
          // A mined cancellation succeeds as a transaction, but our transfer then never happens.
          status: replaced.reason === 'cancelled' ? 'cancelled' : receipt.status,
          hash: receipt.transactionHash.toLowerCase() as HexString,
        };
      } catch (error) {
        throw toWalletError(error, 'receipt', chain.name);
      }
    },
    async disconnect() {
      if (getConnection(config).connector) await wagmiDisconnect(config).catch(() => undefined);
    },
  };
}
