import { create } from 'zustand';

/**
 * A widget purchase that just succeeded, shown above every page. Checkout cannot show it
 * itself: emptying the cart takes the cart panel, and the checkout opened from it, off screen.
 */
type PurchaseOutcomeState = { order: string | null };

export const usePurchaseOutcome = create<PurchaseOutcomeState>()(() => ({ order: null }));

export const showPurchaseSuccess = (order: string): void => usePurchaseOutcome.setState({ order });
export const dismissPurchaseOutcome = (): void => usePurchaseOutcome.setState({ order: null });
