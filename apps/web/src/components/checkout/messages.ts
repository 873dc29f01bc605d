/** Checkout texts shown in more than one place. */

/** Spec §5: checkout needs a signed-in player (shown as info). */
export const SIGN_IN_TO_PAY = 'To initiate payment process, please log into your account.';

/** sale_program is 0 (spec §4: the checkout buttons are enabled only while buying is open). */
export const SALES_CLOSED_MSG = 'Sales are closed right now. Please come back later to buy.';

export const SALE_UNKNOWN_MSG = 'We could not check whether buying is open. Please reload the page.';

/** Spec §8 "Payment failed, retry": after the widget closed without a purchase. */
export const PAYMENT_UNSUCCESSFUL = 'Payment unsuccessful. Please try again.';

/** Spec §8 "Widget failed": the widget reported a failed order (or an error). */
export const WIDGET_FAILED = "Order can't be completed. Close this window and try again.";

/** Spec §8 "Widget pending". */
export const WIDGET_PENDING = 'Please wait, your order is still pending. DO NOT close this window.';

/** Spec §4, §8: shown once the widget's success has closed the dialog. */
export const ITEM_PURCHASED = 'Item purchased successfully.';
