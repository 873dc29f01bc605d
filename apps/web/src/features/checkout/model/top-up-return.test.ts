import { describe, expect, it } from 'vitest';
import { topUpReturnOf, withoutTopUpReturn } from './top-up-return.ts';

describe('the top-up’s return address', () => {
  it('reads the result and a well-formed order code, and drops only its own parameters', () => {
    const read = (query: string) => topUpReturnOf(new URLSearchParams(query));
    expect(read('topup=success&order=sp-7k3m9q2xhd')).toEqual({ result: 'success', order: 'SP-7K3M9Q2XHD' });
    expect(read('topup=success&order=DROP TABLE')).toEqual({ result: 'success', order: null });
    expect(read('topup=cancel&order=SP-7K3M9Q2XHD')).toEqual({ result: 'cancel' });
    expect(read('topup=maybe')).toBeNull();
    expect(read('redirected=detail')).toBeNull();
    const rest = withoutTopUpReturn(new URLSearchParams('topup=success&order=SP-7K3M9Q2XHD&key=abc'));
    expect(rest.toString()).toBe('key=abc');
  });
});
