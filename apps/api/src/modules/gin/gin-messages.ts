import { GIN_TEXT } from '@starport/schemas';

/** §8: "Can not validate transaction. Please contact us!" with the hash, and why */
const cannotValidate = (txHash: string, why?: string) =>
  `${GIN_TEXT.cannotValidate} Transaction ${txHash}${why ? `: ${why}` : '.'}`;

/**
 * What players read about a conversion. The spec's texts (owned-assets.md §8, GIN_TEXT) word
 * for word where it gives them; a failure names the transaction, as §8 asks, and why.
 */
export const GIN_MSG = {
  quoted: 'Send the Gin from your linked wallet to the burn address to convert it.',
  verifying: 'Your transfer is being confirmed on chain. This may take a few minutes.',
  credited: (dnc: number, total: number) => `${dnc} DNC was added to your balance for ${total} Gin.`,
  expired: 'This conversion lapsed before a transaction was reported. Please start again.',
  tooLate: 'This conversion lapsed before a transaction was reported. If you sent Gin for it, please contact us with the transaction hash.',
  linkWallet: 'Link a wallet to your account first: the Gin must come from it.',
  unavailable: 'Gin conversion is not available on this server.',
  chainUnreadable: 'The Gin network cannot be reached right now. Please try again in a few minutes.',
  unknownNetwork: 'Gin conversion is not offered on that network.',
  chooseNetwork: 'Choose the network to send the Gin on.',
  notFound: 'This Gin conversion was not found.',
  otherTransaction: 'This conversion already has another transaction.',
  wrongNetwork: (expected: string) => `This conversion was quoted on network ${expected}; report the transaction sent there.`,
  cannotValidate,
  /** An operator failed a conversion in review (decision 0071): §8's words, the hash, and their reason as a sentence. */
  reviewFailed: (txHash: string, note: string) =>
    cannotValidate(txHash, /[.!?]$/.test(note) ? note : `${note}.`),
  reverted: (txHash: string) => `${GIN_TEXT.transactionError} Transaction ${txHash} failed on chain; no Gin was burnt.`,
  why: {
    sent_before_quote: 'it was sent before this conversion was quoted.',
    wrong_payer: 'the Gin did not come from your linked wallet.',
    wrong_recipient: 'the Gin was not sent to the burn address.',
    wrong_token: 'it did not send Gin.',
    no_transfer: 'it did not send Gin to the burn address.',
    already_used: 'this transfer was already used.',
    unconfirmed: 'it was not confirmed in time.',
    short: (sent: string, due: string) => `it burnt ${sent} Gin, not the ${due} Gin quoted. Nothing was credited.`,
    overpaid: (sent: string, due: string) =>
      `it burnt ${sent} Gin, more than the ${due} Gin quoted. Our team will review it and credit you.`,
  },
} as const;
