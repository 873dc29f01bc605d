import {
  BaseError,
  getAddress,
  HttpRequestError,
  isErc6492Signature,
  TimeoutError,
  verifyMessage,
  type Hex,
} from 'viem';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import type { ChainSetup } from '../../chain-config.ts';

/** The sign-in chain could not be asked whether a contract wallet signed (its RPC failed or serves another chain). */
export class SignatureChainUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`contract wallet signature could not be checked: ${reason}`);
    this.name = 'SignatureChainUnavailable';
  }
}

/** Plain ecrecover: the externally owned accounts of browser and app wallets; no chain call. */
export async function signedByAccount(address: string, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address: getAddress(address), message, signature });
  } catch {
    return false; // not a recoverable signature (wrong length, bad v)
  }
}

/**
 * Whether `address` signed `message` (EIP-191). An externally owned account is checked by
 * ecrecover alone. Otherwise, on `chain` (the sign-in chain, the one the message names):
 * a contract wallet answers ERC-1271 `isValidSignature`, and one not deployed yet signs with an
 * ERC-6492 wrapper that viem checks by a deployless eth_call. An address with no code and no
 * wrapper is an account whose signature did not match: no further call. The RPC read through
 * is the checked client that also decides payments, so it is trusted as far as they trust it.
 * Throws SignatureChainUnavailable when the chain cannot answer.
 */
export async function signedByWallet(
  address: string,
  message: string,
  signature: Hex,
  chain: ChainSetup | undefined,
): Promise<boolean> {
  if (await signedByAccount(address, message, signature)) return true;
  if (!chain) return false;
  try {
    const client = await checkedClientFor(chain);
    if (!isErc6492Signature(signature)) {
      const code = await client.getCode({ address: getAddress(address) });
      if (!code || code === '0x') return false;
    }
    return await client.verifyMessage({ address: getAddress(address), message, signature });
  } catch (err) {
    if (err instanceof ChainMismatchError) throw new SignatureChainUnavailable(err.message);
    // A transport failure says nothing about the signature; a reverted check says it is not valid.
    const transport =
      err instanceof BaseError ? err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) : null;
    if (transport || !(err instanceof BaseError))
      throw new SignatureChainUnavailable((transport ?? (err as Error)).name);
    return false;
  }
}
