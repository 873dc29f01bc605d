import { decodeFunctionData, erc20Abi, hexToBigInt, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** anvil's first demo key: public, and only ever used inside tests. */
const TEST_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

type Listener = (...args: unknown[]) => void;
type Call = { method: string; params?: unknown };

/** The hash every transaction this wallet sends gets, and the one its replacement is mined under. */
export const SENT_HASH = `0x${'ab'.repeat(32)}` as const;
export const REPLACEMENT_HASH = `0x${'ef'.repeat(32)}` as const;
const MINED_BLOCK = '0x10';
const MINED_BLOCK_HASH = `0x${'cd'.repeat(32)}`;
const SENT_NONCE = '0x7';
/** What eth_estimateGas answers for any call: a stake's estimate on anvil. */
export const GAS_ESTIMATE = 113_660n;

/** An ERC-20 call's name and arguments; null for other contracts' calls. */
function decodeErc20(data: Hex) {
  try {
    return decodeFunctionData({ abi: erc20Abi, data });
  } catch {
    return null;
  }
}

/**
 * An EIP-1193 wallet for jsdom tests of wallet-runtime.ts: it signs for real with a viem
 * account, knows a set of chains, and can be told to refuse. Every request is recorded.
 */
export function createFakeWallet(options: {
  chainId: number;
  /** the account's key; anvil's first test key unless a test needs a second wallet */
  privateKey?: Hex;
  refuse?: boolean;
  knownChains?: number[];
  /** what a mined transaction's receipt says */
  receiptStatus?: 'success' | 'reverted';
  /**
   * The player replaces the sent transaction in the wallet before it is mined (same nonce):
   * sped up (the same transfer, higher fee) or cancelled (nothing sent to themselves). The sent
   * hash then stays pending with no receipt; the replacement is in the latest block.
   */
  replace?: 'speed-up' | 'cancel';
}) {
  const account = privateKeyToAccount(options.privateKey ?? TEST_KEY);
  const listeners = new Map<string, Set<Listener>>();
  const known = new Set(options.knownChains ?? [options.chainId]);
  const calls: Call[] = [];
  const sent: { to: string; data: Hex; gas: bigint | null; decoded: ReturnType<typeof decodeErc20> }[] = [];
  let chainId = options.chainId;
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((fn) => fn(...args));
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
  const from = account.address.toLowerCase();

  /** A transaction as eth_getTransactionByHash answers it: pending (no block) or mined. */
  const rpcTransaction = (hash: string, fields: { to: string; input: string; value: string }, mined: boolean) => ({
    hash,
    from,
    ...fields,
    nonce: SENT_NONCE,
    gas: '0x186a0',
    maxFeePerGas: mined ? '0x3' : '0x2',
    maxPriorityFeePerGas: '0x1',
    type: '0x2',
    chainId: numberToHex(chainId),
    blockHash: mined ? MINED_BLOCK_HASH : null,
    blockNumber: mined ? MINED_BLOCK : null,
    transactionIndex: mined ? '0x0' : null,
    v: '0x0',
    r: `0x${'11'.repeat(32)}`,
    s: `0x${'22'.repeat(32)}`,
  });
  const sentTransaction = () => {
    const last = sent.at(-1);
    return { to: (last?.to ?? from).toLowerCase(), input: last?.data ?? '0x', value: '0x0' };
  };
  const replacement = () =>
    rpcTransaction(
      REPLACEMENT_HASH,
      options.replace === 'cancel' ? { to: from, input: '0x', value: '0x0' } : sentTransaction(),
      true,
    );

  const provider = {
    async request({ method, params }: Call): Promise<unknown> {
      calls.push({ method, params });
      const list = (params ?? []) as unknown[];
      switch (method) {
        case 'wallet_requestPermissions':
        case 'eth_requestAccounts':
          if (options.refuse) throw rpcError(4001, 'User rejected the request.');
          if (method === 'wallet_requestPermissions') throw rpcError(-32601, 'Method not supported.');
          return [account.address];
        case 'eth_accounts':
          return [account.address];
        case 'eth_chainId':
          return numberToHex(chainId);
        case 'personal_sign':
          if (options.refuse) throw rpcError(4001, 'User rejected the request.');
          return account.signMessage({ message: { raw: list[0] as Hex } });
        case 'wallet_switchEthereumChain': {
          const target = Number((list[0] as { chainId: string }).chainId);
          if (!known.has(target)) throw rpcError(4902, 'Unrecognized chain ID.');
          chainId = target;
          emit('chainChanged', numberToHex(target));
          return null;
        }
        case 'wallet_addEthereumChain': {
          // Like MetaMask: adding a chain also switches to it.
          const target = Number((list[0] as { chainId: string }).chainId);
          known.add(target);
          chainId = target;
          emit('chainChanged', numberToHex(target));
          return null;
        }
        case 'eth_sendTransaction': {
          const tx = list[0] as { to: string; data: Hex; gas?: Hex };
          const gas = tx.gas ? hexToBigInt(tx.gas) : null;
          sent.push({ to: tx.to, data: tx.data, gas, decoded: decodeErc20(tx.data) });
          return SENT_HASH;
        }
        case 'eth_call':
          return '0x'; // every simulated call succeeds and returns nothing
        case 'eth_estimateGas':
          return numberToHex(GAS_ESTIMATE);
        case 'eth_blockNumber':
          return MINED_BLOCK;
        case 'eth_getTransactionByHash':
          if (list[0] === SENT_HASH) return rpcTransaction(SENT_HASH, sentTransaction(), !options.replace);
          return options.replace && list[0] === REPLACEMENT_HASH ? replacement() : null;
        case 'eth_getBlockByNumber':
          return {
            number: MINED_BLOCK,
            hash: MINED_BLOCK_HASH,
            parentHash: `0x${'00'.repeat(32)}`,
            timestamp: '0x1',
            transactions: options.replace ? [replacement()] : [],
          };
        case 'eth_getTransactionReceipt':
          // A replaced transaction is never mined: no receipt, ever.
          if (options.replace && list[0] === SENT_HASH) return null;
          return {
            transactionHash: list[0],
            blockHash: MINED_BLOCK_HASH,
            blockNumber: MINED_BLOCK,
            transactionIndex: '0x0',
            from: account.address,
            to: sent.at(-1)?.to ?? null,
            status: options.receiptStatus === 'reverted' ? '0x0' : '0x1',
            cumulativeGasUsed: '0x5208',
            gasUsed: '0x5208',
            effectiveGasPrice: '0x1',
            contractAddress: null,
            logs: [],
            logsBloom: `0x${'00'.repeat(256)}`,
            type: '0x2',
          };
        default:
          throw rpcError(-32601, `The fake wallet does not answer ${method}.`);
      }
    },
    on(event: string, fn: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
    },
    removeListener(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
    },
  };
  return { provider, account, calls, sent, chainId: () => chainId };
}

/** Answers EIP-6963 discovery the way an extension does: on every request, synchronously. */
export function announceWallet(provider: unknown, info: { name: string; rdns: string }): () => void {
  const detail = Object.freeze({
    info: { uuid: crypto.randomUUID(), icon: 'data:image/svg+xml,<svg/>', ...info },
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}
