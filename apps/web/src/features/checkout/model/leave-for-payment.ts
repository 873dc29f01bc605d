/** The browser leaves for the provider's hosted checkout (a full page load, not a route). */
export function leaveForPayment(url: string): void {
  window.location.assign(url);
}
