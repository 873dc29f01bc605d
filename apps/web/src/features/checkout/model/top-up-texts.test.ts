import {
  TOP_UP_PAID_MSG,
  TOP_UP_RETURN_PARAMS as schemaParams,
  topUpItemName as schemaItemName,
} from '@starport/schemas';
import { describe, expect, it } from 'vitest';
import { TOP_UP_PAID, topUpItemName } from './messages.ts';
import { TOP_UP_RETURN_PARAMS, topUpReturnOf, withoutTopUpReturn } from './top-up-return.ts';

// Checkout repeats the schema's top-up texts and return address to keep zod out of its chunk:
// they must not drift apart.
describe('the top-up’s texts and return address', () => {
  it('are the schema’s', () => {
    expect(TOP_UP_PAID).toBe(TOP_UP_PAID_MSG);
    for (const n of [1, 7, 250]) expect(topUpItemName(n)).toBe(schemaItemName(n));
    expect(topUpItemName(3)).toBe('Buy 3 Land Credit');
    expect(TOP_UP_RETURN_PARAMS).toEqual(schemaParams);
  });

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
