import { SANDBOX_PATH, type SandboxLine, type SandboxSession } from './sandbox-sessions.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (cents: number, currency: string) =>
  `${currency.toUpperCase() === 'USD' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// Inline styles only: the CSP allows 'unsafe-inline' styles but no inline script, and the page
// needs none (plain form posts). No external assets.
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#0b1020;color:#e8ecf8;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#151c33;border-radius:12px;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}.muted{color:#9aa5c4;font-size:.875rem}
table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.4rem 0;border-bottom:1px solid #26304f;vertical-align:top}
td.n{text-align:right;white-space:nowrap}tr.total td{font-weight:700;border-bottom:0}
.alert{padding:.75rem;border-radius:8px;margin:1rem 0}.error{background:#4a1624;color:#ffd3dc}.info{background:#1c3a4a}
form{display:inline}button{font:inherit;padding:.6rem 1.1rem;border-radius:8px;border:0;margin:.25rem .25rem 0 0;cursor:pointer}
.pay{background:#3ddc97;color:#06281a;font-weight:700}.decline{background:#e0a43a;color:#2a1a00}.abandon{background:#2b3556;color:#e8ecf8}`;

export type PageNotice = { kind: 'error' | 'info'; text: string } | null;

/** The sandbox's hosted checkout: the order, its lines and total, and pay / decline / abandon. */
export function checkoutPage(s: SandboxSession, notice: PageNotice): string {
  const lines = s.lineItems as SandboxLine[];
  const code = s.clientReferenceId ?? '';
  const open = s.status === 'open' && s.expiresAt.getTime() > Date.now();
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escape(l.name)}${l.description ? `<div class="muted">${escape(l.description)}</div>` : ''}</td>` +
        `<td class="n">${l.quantity} × ${money(l.unit_amount, s.currency)}</td><td class="n">${money(l.unit_amount * l.quantity, s.currency)}</td></tr>`,
    )
    .join('');
  const action = (name: string) => `${SANDBOX_PATH}/${encodeURIComponent(s.id)}/${name}`;
  const buttons = open
    ? `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${money(s.amountTotal, s.currency)}</button></form>` +
      `<form method="post" action="${action('decline')}"><button class="decline" type="submit">Decline</button></form>` +
      `<form method="post" action="${action('abandon')}"><button class="abandon" type="submit">Abandon</button></form>`
    : `<p><a href="${escape(s.status === 'complete' ? s.successUrl : s.cancelUrl)}" style="color:#8fb8ff">Back to Starport</a></p>`;
  const status = open
    ? null
    : s.status === 'complete'
      ? 'This payment is complete.'
      : 'This checkout session has expired.';
  const shown = notice ?? (status ? { kind: 'info' as const, text: status } : null);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox checkout · ${escape(code)}</title><style>${STYLE}</style></head>
<body><main>
<p class="muted">Sandbox card payment: no real card is charged.</p>
<h1>Order ${escape(code)}</h1>
<table><tbody>${rows}<tr class="total"><td>Total</td><td></td><td class="n" id="total">${money(s.amountTotal, s.currency)}</td></tr></tbody></table>
${shown ? `<div class="alert ${shown.kind}" role="alert">${escape(shown.text)}</div>` : ''}
${buttons}
</main></body></html>`;
}
