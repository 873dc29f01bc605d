import { TOP_UP_RETURN_PARAMS } from '@starport/schemas/land-credit-texts';

/** Where the card provider sends the browser back after a top-up: /assets?topup=success|cancel&order={code}. */
export { TOP_UP_RETURN_PARAMS };

// ORDER_CODE_PATTERN of packages/schemas/src/orders.ts, for the same reason.
const ORDER_CODE = /^SP-[0-9A-HJKMNP-TV-Z]{10}$/i;

/** What the address says about a top-up the player comes back from; null: nothing (the page as usual). */
export type TopUpReturn = { result: 'success'; order: string | null } | { result: 'cancel' } | null;

export function topUpReturnOf(search: URLSearchParams): TopUpReturn {
  const result = search.get(TOP_UP_RETURN_PARAMS.result);
  if (result === 'cancel') return { result };
  if (result !== 'success') return null;
  const code = (search.get(TOP_UP_RETURN_PARAMS.order) ?? '').trim();
  return { result, order: ORDER_CODE.test(code) ? code.toUpperCase() : null };
}

/** The same address without the top-up's parameters (the notice was dismissed). */
export function withoutTopUpReturn(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete(TOP_UP_RETURN_PARAMS.result);
  rest.delete(TOP_UP_RETURN_PARAMS.order);
  return rest;
}
