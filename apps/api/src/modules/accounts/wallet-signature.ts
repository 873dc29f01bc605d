import {
  BaseError,
  encodeDeployData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  getAddress,
  hashMessage,
  hexToBool,
  HttpRequestError,
  isErc6492Signature,
  TimeoutError,
  verifyMessage,
  type Hex,
} from 'viem';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import type { ChainSetup } from '../../chain-config.ts';

/**
 * Gas for one contract wallet's check. A real wallet needs well under this, its factory
 * included; a check that asks for more is refused, so an address cannot make the node run
 * an arbitrary amount of code for it.
 */
const CONTRACT_CHECK_GAS = 3_000_000n;

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

/** A transport failure (node down, slow, refusing) as opposed to an answer, however negative. */
function unreachable(err: unknown): string | null {
  if (err instanceof ChainMismatchError) return err.message;
  if (!(err instanceof BaseError)) return (err as Error).name ?? 'error';
  const cause = err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError);
  return cause ? (cause as Error).name : null;
}

/**
 * Whether `address` signed `message` (EIP-191). An externally owned account is checked by
 * ecrecover alone. Otherwise, on `chain` (the sign-in chain, the one the message names): an
 * address with code (a contract wallet, ERC-1271 `isValidSignature`) or a signature in an
 * ERC-6492 wrapper (a wallet not deployed yet, naming its factory) is checked by one eth_call
 * of the ERC-6492 universal validator, deployless, with a gas cap. An address with no code and
 * no wrapper costs one eth_getCode. The client is the eth_chainId-checked one that payments
 * read through, at the request pace (3 s, no retry). Throws SignatureChainUnavailable when the
 * chain cannot answer; a check that reverts or runs out of gas is a signature that is not valid.
 */
export async function signedByWallet(
  address: string,
  message: string,
  signature: Hex,
  chain: ChainSetup | undefined,
): Promise<boolean> {
  if (await signedByAccount(address, message, signature)) return true;
  if (!chain) return false;
  const wallet = getAddress(address);
  try {
    const client = await checkedClientFor(chain, 'request');
    if (!isErc6492Signature(signature)) {
      const code = await client.getCode({ address: wallet });
      if (!code || code === '0x') return false;
    }
    const { data } = await client.call({
      data: encodeDeployData({
        abi: erc6492SignatureValidatorAbi,
        bytecode: erc6492SignatureValidatorByteCode,
        args: [wallet, hashMessage(message), signature],
      }),
      gas: CONTRACT_CHECK_GAS,
    });
    return hexToBool(data ?? '0x0');
  } catch (err) {
    const reason = unreachable(err);
    if (reason) throw new SignatureChainUnavailable(reason);
    return false;
  }
}
