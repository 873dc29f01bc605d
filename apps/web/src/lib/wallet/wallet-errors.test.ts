import { describe, expect, it } from 'vitest';
import { WalletError } from './wallet-api.ts';
import { NO_WALLET_MSG, REFUSED_MSG, REQUEST_PENDING_MSG, toContractCallError, toWalletError } from './wallet-errors.ts';

/** An error the way wagmi/viem build them: a named wrapper whose cause is the wallet's answer. */
const wrapped = (name: string, cause: unknown, shortMessage = `${name} happened.`) =>
  Object.assign(new Error(`${shortMessage}\n\nDetails: …\nVersion: viem@2`), { name, shortMessage, cause });

describe('toWalletError', () => {
  it('finds the wallet’s 4001 refusal however deep the library wrapped it', () => {
    const error = toWalletError(wrapped('ContractFunctionExecutionError', wrapped('TransactionExecutionError', { code: 4001, message: 'nope' })), 'send');
    expect([error.kind, error.message]).toEqual(['refused', REFUSED_MSG]);
  });

  it('says "install Metamask" when no provider exists, for every step', () => {
    for (const step of ['connect', 'sign', 'switch', 'send'] as const) {
      const error = toWalletError(wrapped('ProviderNotFoundError', undefined), step);
      expect([error.kind, error.message]).toEqual(['no_wallet', NO_WALLET_MSG]);
    }
  });

  it('treats a closed WalletConnect modal as a refusal', () => {
    expect(toWalletError(new Error('Connection request reset. Please try again.'), 'connect').kind).toBe('refused');
  });

  it('asks to finish the wallet’s open prompt on -32002', () => {
    const error = toWalletError({ code: -32002, message: 'Request of type eth_requestAccounts already pending' }, 'connect');
    expect([error.kind, error.message]).toEqual(['refused', REQUEST_PENDING_MSG]);
  });

  it('names the chain when switching fails, with one line of detail', () => {
    const error = toWalletError(wrapped('SwitchChainError', { code: -32603, message: 'internal' }, 'An error occurred when attempting to switch chain.'), 'switch', 'Base');
    expect(error.kind).toBe('wrong_chain');
    expect(error.message).toBe('Your wallet could not switch to Base: An error occurred when attempting to switch chain.');
  });

  it('keeps send and receipt failures apart (steps 21 and 22)', () => {
    expect(toWalletError(wrapped('TransactionExecutionError', undefined), 'send').kind).toBe('send_failed');
    expect(toWalletError(wrapped('WaitForTransactionReceiptTimeoutError', undefined), 'receipt').kind).toBe('tx_failed');
    // A chain mismatch at send time is a network problem, not a failed send.
    expect(toWalletError(wrapped('ChainMismatchError', undefined), 'send').kind).toBe('wrong_chain');
  });

  it('passes a WalletError through unchanged and survives a cause cycle', () => {
    const own = new WalletError('unavailable', 'no');
    expect(toWalletError(own, 'connect')).toBe(own);
    const loop: { message: string; cause?: unknown } = { message: 'loop' };
    loop.cause = loop;
    expect(toWalletError(loop, 'sign').message).toBe('Your wallet did not sign the message: loop');
  });
});

describe('toContractCallError', () => {
  it("keeps the contract's error name viem decoded, several causes deep", () => {
    const reverted = { name: 'ContractFunctionRevertedError', data: { errorName: 'InsufficientRewardPool', args: [] } };
    const error = toContractCallError({ name: 'ContractFunctionExecutionError', shortMessage: 'reverted', cause: reverted }, 'send');
    expect(error.contractError).toBe('InsufficientRewardPool');
    expect(error.message).toBe('The contract refused the call: InsufficientRewardPool.');
  });

  it('reports a refused signature as refused, not as a contract error', () => {
    const error = toContractCallError({ code: 4001, message: 'User rejected the request.' }, 'send');
    expect(error.kind).toBe('refused');
    expect(error.contractError).toBeUndefined();
  });
});
