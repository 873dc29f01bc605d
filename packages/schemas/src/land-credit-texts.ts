/**
 * The land-credit top-up's words and return address, without zod, so the web's checkout chunk
 * can import them (`@starport/schemas/land-credit-texts`); land-credit.ts re-exports them.
 */

/** The top-up's item name, as the spec writes it. */
export const topUpItemName = (quantity: number): string => `Buy ${quantity} Land Credit`;

/** The success text of a paid top-up (spec §9). */
export const TOP_UP_PAID_MSG = 'Payment completed.';

/**
 * Where the card provider sends the browser back after a top-up: the land page, with the order's
 * code, which shows "Payment completed." once the order is paid (or what went wrong).
 */
export const TOP_UP_RETURN_PATH = '/assets';
export const TOP_UP_RETURN_PARAMS = { result: 'topup', order: 'order' } as const;
export type TopUpReturnResult = 'success' | 'cancel';
