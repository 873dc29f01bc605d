import { GIN_TEXT } from '@starport/schemas';

/** owned-assets.md §8: the progress texts, word for word (title, then the line under it). */
export const GIN_PROGRESS = {
  started: { title: 'Please Wait', text: 'Payment transaction started' },
  sending: { title: 'Transaction Processing ...', text: 'IMPORTANT! Please do not close this and check metamask popup!' },
  validating: { title: 'Blockchain transfer success. Please wait.', text: 'Validating your transaction ....' },
} as const;

export const GIN_CREDITED_TITLE = 'Gin converted';
export const GIN_REVERTED_MSG = 'The transfer failed on the chain, so no Gin left your wallet. You can try again.';
export const GIN_CANCELLED_MSG = 'Your wallet cancelled the transfer, so no Gin left your wallet. You can try again.';
export const GIN_VERIFY_TIMEOUT_MSG =
  'The transfer is not confirmed yet. It stays in your conversions below, and the DNC is credited once it is confirmed.';
export const GIN_WALLET_LOAD_FAILED_MSG = 'The wallet could not be loaded. Please try again, network error';
export const GIN_NETWORK_MISSING_MSG = 'This network is not set up on this server. Please choose another one.';

export const ginWrongAccountMsg = (account: string, linked: string) =>
  `Your wallet is using ${account}, but your account is linked to ${linked}. Switch your wallet to the linked account and try again.`;

export const ginCreditedText = (dnc: number, balance: number) =>
  `${dnc} DNC credited. Your DNC balance is now ${balance}.`;

export { GIN_TEXT };
