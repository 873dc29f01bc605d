import type StripeModule from 'stripe';
import { loadWhenUsed } from '../../lib/load-when-used.ts';

/**
 * Stripe's SDK (~220 modules) at its first use: a Checkout Session, a webhook's signature, a
 * sandbox event. Not with the server: most starts take no card payment before they are used.
 */
export const stripeSdkModule = loadWhenUsed<typeof StripeModule>('stripe');
