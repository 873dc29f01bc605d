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

/* Paying in cryptocurrency (spec §4, §8). */

/** GET /api/chain/config answered `payment: null` (or could not be read): the choice is shown disabled. */
export const CRYPTO_UNAVAILABLE = 'Crypto payments are not available right now.';

/** Spec §8 "No wallet" (step 11). */
export const NO_WALLET = 'Please install Metamask and connect your wallet';

/** Spec §8 "Wallet refused" (step 12). */
export const WALLET_REFUSED = 'User denied web3 access. Please install Metamask and connect your wallet';

/** Spec §8: the payment dialog opened (step 20). */
export const CRYPTO_STARTED = { title: 'Please Wait', text: 'Payment transaction started' } as const;

/** Spec §8: the wallet is asked to send the transfer. */
export const CRYPTO_PROCESSING = {
  title: 'Transaction Processing ...',
  text: 'IMPORTANT! Please do not close this and check metamask popup!',
} as const;

/** Spec §8: the transfer is mined (step 30); the server checks it. */
export const CRYPTO_VALIDATING = {
  title: 'Blockchain transfer success. Please wait.',
  text: 'Validating your transaction ....',
} as const;

/** Spec §8 "Transaction error" (steps 21, 22), shown with the wallet's message. */
export const TRANSACTION_ERROR = 'Transaction error!';

/** Spec §8 "Verification failure" (step 41), shown with the transaction's hash. */
export const VERIFY_FAILED = 'Can not validate transaction. Please contact us!';

/** Spec §8 "Payment notices": the server refused to start (or to check) a crypto payment; with its msg. */
export const CRYPTO_NOT_STARTED = 'Unable to complete transaction';

/** Spec §8 "Network failure", shop crypto wording. */
export const CRYPTO_NETWORK_ERROR = 'Network error!';

/** Spec §8 success texts: the cart (and anything but a ship), a ship bought from its page. */
export const PURCHASED = 'Purchased successfully.';
export const SPACESHIP_PURCHASED = 'Spaceship purchased successfully.';
export const CRYPTO_CONFIRMED = 'Congratulations! Your transaction has been completed and confirmed by the blockchain.';

/** Spec §4: the content of the CLOSE_BROWSER report. */
export const USER_CLOSED_BROWSER = 'User close browser';

/* Land-credit top-up (owned-assets.md §7.6, §9): the item name and the paid text are the
   schema's, from its zod-free module. */
export { topUpItemName, TOP_UP_PAID_MSG as TOP_UP_PAID } from '@starport/schemas/land-credit-texts';

/** The player came back from the card provider's page without paying. */
export const TOP_UP_CANCELLED = 'The top-up was cancelled. Nothing was charged.';

/* Ship to NFT (owned-assets.md §8); the same texts as @starport/schemas minting.ts, kept here
   because a value import of that module would bring zod to the page. */

/** The mint fee is paid: the server queues the ship's mint. */
export const MINT_QUEUED = 'Your NFT minting task added to queue.';
export const MINT_FAILED = 'Minting failed';
/** The success dialog's line under MINT_QUEUED. */
export const mintNextOf = (shipName: string): string =>
  `${shipName} is minted to your linked wallet shortly; My spaceships shows it as NFT once it is on chain.`;
/** The mint request itself could not be made. */
export const MINT_REQUEST_ERROR = 'Payment request error !!';
