import { create } from 'zustand';

/** A crypto payment the server confirmed as paid: what its success dialog shows. */
export type CryptoOutcome = {
  title: string;
  invoiceCode: string;
  txh: string;
  /** the transaction on the chain's explorer; null when the chain has none */
  explorerTxUrl: string | null;
  /** what happens next, when it is not an order being delivered (a ship's mint is queued) */
  next?: string;
};

/**
 * Shown above every page, like the widget's success (purchase-outcome.ts): a paid cart is
 * emptied at once, which takes the cart panel, and the checkout opened from it, off screen.
 */
export const useCryptoOutcome = create<{ outcome: CryptoOutcome | null }>()(() => ({ outcome: null }));

export const showCryptoSuccess = (outcome: CryptoOutcome): void => useCryptoOutcome.setState({ outcome });
export const dismissCryptoSuccess = (): void => useCryptoOutcome.setState({ outcome: null });
