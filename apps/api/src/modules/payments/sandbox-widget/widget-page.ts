import type { SandboxWidgetOrder } from './widget-order.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Micro-units as dollars: "$1,234.50"; sub-cent amounts keep their digits. */
export function usd(micro: bigint): string {
  const dollars = (micro / 1_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const six = (micro % 1_000_000n).toString().padStart(6, '0');
  return `$${dollars}.${six.endsWith('0000') ? six.slice(0, 2) : six.replace(/0+$/, '')}`;
}

export type WidgetPageInput = {
  order: SandboxWidgetOrder | null;
  /** why the widget cannot take this payment; the script also posts it as an `error` event */
  error: { name: string; message: string } | null;
  /** the initializer sends `extra` after `loaded` (await_data=true): the buttons wait for it */
  awaitData: boolean;
  commodity: string;
  network: string;
  /** the sandbox's ids of this payment (as Wert's order and payment ids), for the events it posts */
  ids: { orderId: string; paymentId: string } | null;
};

const STATUS_TEXT: Record<string, string> = {
  paid: 'This order is paid.',
  fulfilled: 'This order is paid.',
  expired: 'This order has expired: its reservation lapsed.',
  failed: 'This order has failed and can no longer be paid.',
  cancelled: 'This order was cancelled.',
  refunded: 'This order was refunded.',
};

/**
 * The sandbox widget (what WertWidget loads in its iframe when origin is {PUBLIC_URL}/sandbox/wert):
 * the order's items and total, and the outcomes a tester can choose. No inline script: the
 * behaviour is ../widget.js, reading the data-* attributes below.
 */
export function widgetPage(p: WidgetPageInput): string {
  const o = p.order;
  const payable = !p.error && o?.status === 'pending';
  const rows = (o?.lines ?? [])
    .map(
      (l) =>
        `<tr><td>${escape(l.name)}</td><td class="n">${l.quantity}</td><td class="n">${usd(l.unitMicro)}</td>` +
        `<td class="n">${usd(l.unitMicro * BigInt(l.quantity))}</td></tr>`,
    )
    .join('');
  const discount =
    o && o.discountMicro > 0n
      ? `<tr class="discount"><td colspan="3">Volume discount (${o.discountPercent}%)</td><td class="n">−${usd(o.discountMicro)}</td></tr>`
      : '';
  const table = o
    ? `<table><caption class="sr-only">Items in this order</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="n">Qty</th><th scope="col" class="n">Price</th><th scope="col" class="n">Amount</th></tr></thead>
<tbody>${rows}${discount}</tbody>
<tfoot><tr class="total"><th scope="row" colspan="3">Total</th><td class="n" id="total">${usd(o.totalMicro)}</td></tr></tfoot></table>
<p class="muted">Paid by card in USD; the shop receives ${escape(p.commodity)} on ${escape(p.network)}, one for one.</p>`
    : '';
  const notice = p.error
    ? `<div class="alert error" role="alert" id="notice">${escape(p.error.message)}</div>`
    : o && !payable
      ? `<div class="alert info" role="alert" id="notice">${escape(STATUS_TEXT[o.status] ?? `This order is ${o.status}.`)}</div>`
      : '';
  const off = payable ? '' : ' disabled';
  const attrs = [
    `data-state="${p.error ? 'error' : payable ? 'ready' : 'closed'}"`,
    `data-await-data="${p.awaitData}"`,
    p.error ? `data-error-name="${escape(p.error.name)}" data-error-message="${escape(p.error.message)}"` : '',
    o ? `data-order-status="${escape(o.status)}"` : '',
    p.ids ? `data-wert-order-id="${escape(p.ids.orderId)}" data-payment-id="${escape(p.ids.paymentId)}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment${o ? ` · ${escape(o.code)}` : ''}</title><link rel="stylesheet" href="../widget.css"></head>
<body><main id="widget" class="widget" ${attrs}>
<p class="banner" role="note"><strong>Sandbox — no real money</strong> This widget stands in for Wert: no card is charged, no coins move.</p>
<h1>Pay by card</h1>
${o ? `<p class="muted">Order <span id="order-code">${escape(o.code)}</span></p>` : ''}
<ol class="steps" aria-label="Payment steps"><li data-step="review" aria-current="step">Review</li><li data-step="processing">Processing</li><li data-step="done">Done</li></ol>
<p id="item-name" class="muted" hidden></p>
${table}
${notice}
<p id="status" class="status" role="status" aria-live="polite"></p>
<div class="actions" role="group" aria-label="Sandbox outcome">
<button type="button" class="pay" data-action="pay"${off}>Pay</button>
<button type="button" class="secondary" data-action="pending"${off}>Leave pending</button>
<button type="button" class="decline" data-action="fail"${off}>Fail</button>
<button type="button" class="secondary" data-action="error">Error</button>
<button type="button" class="secondary" data-action="close">Close</button>
</div>
</main><script src="../widget.js"></script></body></html>`;
}
