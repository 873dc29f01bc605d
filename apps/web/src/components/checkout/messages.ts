/** Checkout texts shown in more than one place. */

/** Spec §5: checkout needs a signed-in player (shown as info). */
export const SIGN_IN_TO_PAY = 'To initiate payment process, please log into your account.';

/** sale_program is 0 (spec §4: the checkout buttons are enabled only while buying is open). */
export const SALES_CLOSED_MSG = 'Sales are closed right now. Please come back later to buy.';

export const SALE_UNKNOWN_MSG = 'We could not check whether buying is open. Please reload the page.';
