import { BRAND_COLOURS as C, BRAND_NAME } from '@starport/schemas';
import { SANDBOX_ICON_PATH, SANDBOX_PATH, type SandboxLine, type SandboxSession } from './sandbox-sessions.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (cents: number, currency: string) =>
  `${currency.toUpperCase() === 'USD' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// Inline styles only: the CSP allows 'unsafe-inline' styles but no inline script, and the page
// needs none (plain form posts). No external assets: the icon is served by this app. The
// shop's name, colours and icon (packages/schemas brand.ts), so the player sees where they are.
const STYLE = `body{font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:${C.bg};color:${C.text};margin:0;padding:1.5rem 1rem}
header{max-width:32rem;margin:0 auto 1rem;display:flex;align-items:center;gap:.6rem}
header img{width:32px;height:32px}.brand{font-weight:800;font-size:1.2rem;letter-spacing:.02em}
.sandbox{margin-left:auto;font-size:.75rem;border:1px solid ${C.warning};color:${C.warning};border-radius:999px;padding:.1rem .6rem}
main{max-width:32rem;margin:0 auto;background:${C.bgRaised};border:1px solid ${C.line};border-radius:10px;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}.muted{color:${C.textMuted};font-size:.875rem}a{color:${C.accent}}
table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.4rem 0;border-bottom:1px solid ${C.line};vertical-align:top}
td.n{text-align:right;white-space:nowrap}tr.total td{font-weight:700;border-bottom:0}
.alert{padding:.75rem;border-radius:8px;margin:1rem 0}.error{border:1px solid ${C.danger};color:${C.danger}}.info{border:1px solid ${C.accent}}
form{display:inline}button{font:inherit;padding:.6rem 1.1rem;border-radius:10px;border:1px solid transparent;margin:.25rem .25rem 0 0;cursor:pointer;min-height:44px}
.pay{background:${C.accent};color:${C.accentInk};font-weight:700}.decline{background:transparent;border-color:${C.warning};color:${C.warning}}
.abandon{background:transparent;border-color:${C.line};color:${C.text}}`;

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
    : `<p><a href="${escape(s.status === 'complete' ? s.successUrl : s.cancelUrl)}">Back to ${BRAND_NAME}</a></p>`;
  const status = open
    ? null
    : s.status === 'complete'
      ? 'This payment is complete.'
      : 'This checkout session has expired.';
  const shown = notice ?? (status ? { kind: 'info' as const, text: status } : null);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="theme-color" content="${C.bg}">
<title>Card payment · ${escape(code)} · ${BRAND_NAME}</title>
<link rel="icon" type="image/svg+xml" href="${SANDBOX_ICON_PATH}"><style>${STYLE}</style></head>
<body><header><img src="${SANDBOX_ICON_PATH}" alt=""><span class="brand">${BRAND_NAME}</span><span class="sandbox">Sandbox</span></header>
<main>
<p class="muted">Sandbox card payment: no real card is charged.</p>
<h1>Order ${escape(code)}</h1>
<table><tbody>${rows}<tr class="total"><td>Total</td><td></td><td class="n" id="total">${money(s.amountTotal, s.currency)}</td></tr></tbody></table>
${shown ? `<div class="alert ${shown.kind}" role="alert">${escape(shown.text)}</div>` : ''}
${buttons}
</main></body></html>`;
}
