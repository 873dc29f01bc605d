/**
 * What a player reads about a crypto payment (storefront.md §8 where it has the text). Kept
 * on the payment as `failure` when it fails or goes to review, so the answer is the same
 * whichever API copy or worker decided it.
 */
export const CRYPTO_MSG = {
  notAvailable: 'Crypto payments are not available right now.',
  linkWallet: 'Link a wallet to your account to pay with crypto.',
  quoted: 'Send the amount from your linked wallet to pay for this order.',
  awaiting: 'Waiting for your transfer.',
  /** no transaction was reported, which does not mean none was sent: the player may have closed the page */
  quoteExpired: 'This payment session has expired. If you sent a transfer for it, contact us with its transaction hash.',
  verifying: 'Blockchain transfer success. Please wait. Validating your transaction ....',
  paid: 'Congratulations! Your transaction has been completed and confirmed by the blockchain.',
  /** §8 "Verification failure": the transaction could not be validated in time */
  cannotValidate: 'Can not validate transaction. Please contact us!',
  alreadyUsed: 'This transaction has already been used.',
  sentBeforeQuote: 'This transaction was sent before this payment started.',
  reverted: 'This transaction failed on the blockchain (it was reverted), so nothing was paid. Please try again.',
  wrongPayer: 'This transfer was not sent from the wallet linked to your account, so it cannot pay for this order.',
  wrongRecipient: 'This transfer did not go to our payment address, so it cannot pay for this order.',
  wrongToken: 'This transaction does not transfer the USDC this order asks for.',
  noTransfer: 'This transaction does not transfer USDC to our payment address.',
  notFromLinkedWallet: 'Pay from the wallet linked to your account: this payment must come from it.',
  otherTransaction: 'This payment already has another transaction. Start a new payment to send another one.',
  noSuchPayment: 'No such payment.',
  late: 'Your payment arrived after the order had closed (it expired or was cancelled). It was received and will be reviewed: please contact us.',
  short: (sent: string, due: string, symbol: string) =>
    `The transfer was ${sent} ${symbol} but the order costs ${due} ${symbol}, so it was not accepted. Please contact us for a refund.`,
  overpaid: (sent: string, due: string, symbol: string) =>
    `The transfer was ${sent} ${symbol}, more than the ${due} ${symbol} the order costs. It was received and will be reviewed: please contact us.`,
} as const;
