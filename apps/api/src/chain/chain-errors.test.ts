import { HttpRequestError, TimeoutError } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeChainError } from './chain-errors.ts';

describe('describeChainError: a chain error fit for logs and jobs.last_error', () => {
  const rpc = 'https://base-mainnet.g.alchemy.com/v2/SECRET_KEY_123?x=1';

  it("keeps viem's short message and details and the RPC's origin, never its path or query", () => {
    const err = new HttpRequestError({ url: rpc, body: { method: 'eth_chainId' }, details: 'fetch failed' });
    expect(err.message).toContain('SECRET_KEY_123');
    expect(describeChainError(err)).toBe(
      'HttpRequestError: HTTP request failed. (fetch failed) at https://base-mainnet.g.alchemy.com',
    );
    expect(describeChainError(new TimeoutError({ url: rpc, body: {} }))).not.toContain('SECRET_KEY_123');
  });

  it('cuts any address in another error to its origin (credentials included)', () => {
    const err = new Error(`connect ECONNREFUSED for https://user:pass@rpc.example:8545/key/SECRET_KEY_123, again`);
    expect(describeChainError(err)).toBe('Error: connect ECONNREFUSED for https://rpc.example:8545, again');
    expect(describeChainError('wss://rpc.example/ws/SECRET_KEY_123')).toBe('wss://rpc.example');
  });

  it('drops the NUL and control bytes of raw revert data, which PostgreSQL text refuses', () => {
    const err = new Error('execution reverted: \u0000\u0000\u0000 ERC1155: cap\u0007 exceeded\u001b');
    expect(describeChainError(err)).toBe('Error: execution reverted: ERC1155: cap exceeded');
  });
});
