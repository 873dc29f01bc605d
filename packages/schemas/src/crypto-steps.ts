// zod-free: the web app imports these at runtime (@starport/schemas/crypto-steps).

/** Crypto payment steps the browser reports (storefront.md §4); they are logged, never pay. */
export const CRYPTO_STEPS = {
  NO_WALLET: 11,
  ACCESS_DENIED: 12,
  DIALOG_OPENED: 20,
  SEND_ERROR: 21,
  TRANSACTION_ERROR: 22,
  TRANSFER_SENT: 30,
  VALIDATED: 40,
  VALIDATION_FAILED: 41,
} as const;
export const SHOP_CRYPTO_STEPS = [
  'SWITCH_CHAIN_CHECK_NETWORK',
  'SHOW_PAYMENT_DIALOG',
  'SEND_TRANSACTION',
  'VERIFY_TRANSACTION_RESULT',
  'CLOSE_BROWSER',
] as const;
export type ShopCryptoStep = (typeof SHOP_CRYPTO_STEPS)[number];
