import type { Address } from 'viem';
import type { ChainClient } from './clients.ts';

/**
 * The ERC-20 calls a paying browser needs, handed to it as the marketplace quote's
 * `contractAbi` (storefront.md §7): `transfer` to pay, `balanceOf` and `decimals` to check
 * before sending, and `approve`, which the older client called and we no longer ask for
 * (docs/decisions/0021: a plain transfer to the treasury is the whole payment).
 */
export const ERC20_PAYMENT_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'decimals',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint8' }],
  },
  {
    type: 'function',
    name: 'symbol',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
  },
] as const;

/** The ERC-20 Transfer event: the one record of who paid whom how much (EIP-20). */
export const ERC20_TRANSFER_EVENT_ABI = [
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
] as const;

export type TokenInfo = { decimals: number; symbol: string };

/** Per client (clients.ts makes one per chain and RPC), per lower-cased token address. */
const known = new WeakMap<ChainClient, Map<string, Promise<TokenInfo>>>();

/**
 * A token's decimals and symbol, read from the chain once per process: both are fixed when the
 * contract is deployed. A failed read is forgotten, so the next quote asks again.
 */
export function tokenInfo(client: ChainClient, token: Address): Promise<TokenInfo> {
  let ofClient = known.get(client);
  if (!ofClient) known.set(client, (ofClient = new Map()));
  const key = token.toLowerCase();
  let info = ofClient.get(key);
  if (!info) {
    info = Promise.all([
      client.readContract({ address: token, abi: ERC20_PAYMENT_ABI, functionName: 'decimals' }),
      client.readContract({ address: token, abi: ERC20_PAYMENT_ABI, functionName: 'symbol' }),
    ]).then(([decimals, symbol]) => ({ decimals: Number(decimals), symbol }));
    ofClient.set(key, info);
    info.catch(() => ofClient.delete(key));
  }
  return info;
}
