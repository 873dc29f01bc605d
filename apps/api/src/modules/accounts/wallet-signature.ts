import {
  BaseError,
  encodeDeployData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  ExecutionRevertedError,
  getAddress,
  hashMessage,
  isErc6492Signature,
  verifyMessage,
  type Hex,
} from 'viem';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import type { ChainSetup } from '../../chain/chain-config.ts';

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

/** What nodes say when a call ran and failed (a revert, out of gas, a bad opcode): an answer, not an outage. */
const EXECUTION_FAILED = /execution reverted|out of gas|outofgas|invalid opcode|stack (under|over)flow|revert/i;

/**
 * True when the validator's call ran and failed: the signature is not valid. Anything else (no
 * connection, a timeout, a provider's rate limit or internal error) says nothing about the
 * signature, and the chain counts as unavailable.
 */
function executionFailed(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  return Boolean(
    err.walk((e) => {
      if (e instanceof ExecutionRevertedError) return true;
      const { details, message } = e as BaseError;
      return EXECUTION_FAILED.test(`${details ?? ''} ${message}`);
    }),
  );
}

/**
 * Whether `address` signed `message` (EIP-191). An externally owned account is checked by
 * ecrecover alone. Otherwise, on `chain` (the sign-in chain, the one the message names): an
 * address with code (a contract wallet, ERC-1271 `isValidSignature`) or a signature in an
 * ERC-6492 wrapper (a wallet not deployed yet, naming its factory) is checked by one eth_call
 * of the ERC-6492 universal validator, deployless, with a gas cap. An address with no code and
 * no wrapper costs one eth_getCode. The client is the eth_chainId-checked one that payments
 * read through, at the request pace (3 s, no retry). Throws SignatureChainUnavailable when the
 * chain cannot answer (a provider's rate limit included); a check that reverts or runs out of
 * gas is a signature that is not valid.
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
  let client;
  try {
    client = await checkedClientFor(chain, 'request');
    if (!isErc6492Signature(signature)) {
      const code = await client.getCode({ address: wallet });
      if (!code || code === '0x') return false;
    }
  } catch (err) {
    throw new SignatureChainUnavailable(err instanceof ChainMismatchError ? err.message : (err as Error).name);
  }
  let data: Hex | undefined;
  try {
    ({ data } = await client.call({
      data: encodeDeployData({
        abi: erc6492SignatureValidatorAbi,
        bytecode: erc6492SignatureValidatorByteCode,
        args: [wallet, hashMessage(message), signature],
      }),
      gas: CONTRACT_CHECK_GAS,
    }));
  } catch (err) {
    if (executionFailed(err)) return false;
    throw new SignatureChainUnavailable((err as Error).name);
  }
  // The validator answers one byte: 0x01 when the wallet approves the signature.
  return data?.toLowerCase() === '0x01';
}
