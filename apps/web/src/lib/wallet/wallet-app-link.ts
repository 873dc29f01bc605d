/**
 * Phones have no wallet extension: the page must be opened inside the wallet app's own browser
 * (storefront.md §4, "on mobile without a wallet the user is sent to a wallet-app deep link").
 * Kept free of wagmi so the dialog can build the link before the wallet chunk is loaded.
 */

/** A phone or tablet browser, where "install the extension" is not an answer. */
export function isMobileBrowser(nav: Pick<Navigator, 'userAgent'> = navigator): boolean {
  const data = (nav as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (typeof data?.mobile === 'boolean') return data.mobile;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent);
}

/**
 * MetaMask's universal link that opens this page in its in-app browser. The wallet app has
 * storage of its own, so the referral code travels in the URL: a stored wallet_ref is added as
 * `code` when the page's address does not carry one already.
 */
export function walletAppLink(location: Pick<Location, 'host' | 'pathname' | 'search'>, walletRef: string | null): string {
  const params = new URLSearchParams(location.search);
  if (walletRef && !params.has('code')) params.set('code', walletRef);
  const query = params.toString();
  return `https://metamask.app.link/dapp/${location.host}${location.pathname}${query ? `?${query}` : ''}`;
}
