import { create } from 'zustand';

/**
 * A widget purchase that just succeeded, shown above every page. Checkout cannot show it
 * itself: emptying the cart takes the cart panel, and the checkout opened from it, off screen.
 * A land-credit top-up has its own dialog ("Payment completed." once its order is paid).
 */
type PurchaseOutcomeState = { order: string | null; topUp: boolean };

export const usePurchaseOutcome = create<PurchaseOutcomeState>()(() => ({ order: null, topUp: false }));

export const showPurchaseSuccess = (order: string): void => usePurchaseOutcome.setState({ order, topUp: false });
export const showTopUpSuccess = (order: string): void => usePurchaseOutcome.setState({ order, topUp: true });
export const dismissPurchaseOutcome = (): void => usePurchaseOutcome.setState({ order: null, topUp: false });
