/** The terms shown until the operator stores their own with `npm run admin -- set-terms`. */
export const DEFAULT_TERMS_HTML = `<h1>Starport terms of service</h1>
<p>These terms govern your use of Starport, the web shop, marketplace and asset app of our space game. By creating an account, connecting a wallet or buying anything on Starport you accept them.</p>
<h2>Your account</h2>
<p>Keep your password and your wallet's keys to yourself: anything done with them is done by you. You must be old enough to make purchases where you live. One player may hold several accounts only if they do not use them to get around limits of a sale.</p>
<h2>What you buy</h2>
<p>Prices are in US dollars. Spaceships, DNC packs, blind boxes and container-house units are digital items for use in the game and on Starport. Items recorded on a blockchain follow that chain's rules; we cannot reverse a transfer you sign. Blind-box odds are published before each sale and every opening can be checked afterwards.</p>
<h2>Payments and refunds</h2>
<p>Card payments are handled by our card payment provider, and fiat-to-crypto payments by our widget provider, each under its own terms. A purchase is delivered once its payment is confirmed. If a payment is confirmed but we cannot deliver, we refund it.</p>
<h2>Fair play</h2>
<p>Do not attack the service, automate purchases to corner a limited drop, or use the marketplace to launder money. We may suspend accounts that do.</p>
<h2>Changes</h2>
<p>We may change these terms; the version on this page is the one in force. Questions: use the contact page.</p>`;
