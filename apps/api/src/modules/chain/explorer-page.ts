import type { AddressView, TokenTransfer, TxView } from './explorer.service.ts';

/** Every value that reaches the page goes through this, hex strings included. */
const esc = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const addressLink = (base: string, address: string, label?: string) =>
  `<a href="${esc(`${base}/address/${address}`)}"><code>${esc(address)}</code></a>${label ? ` <span class="muted">${esc(label)}</span>` : ''}`;
const txLink = (base: string, hash: string) => `<a href="${esc(`${base}/tx/${hash}`)}"><code>${esc(hash)}</code></a>`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · Starport local explorer</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;background:#0b1020;color:#e6e9f5;margin:0;padding:16px;max-width:1100px}
a{color:#8fa8ff}code{font-size:13px;word-break:break-all}table{border-collapse:collapse;width:100%;margin:0 0 16px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #243056;vertical-align:top}th{color:#9aa3c7;font-weight:500;width:180px}
.muted{color:#9aa3c7}.ok{color:#5ee3a1}.bad{color:#ff7a7a}</style></head>
<body><p class="muted">Starport local chain explorer: anvil on this machine, for the demo only.</p>
<h1>${esc(title)}</h1>
${body}</body></html>`;
}

function transfersTable(base: string, transfers: (TokenTransfer & { hash?: string })[]): string {
  if (!transfers.length) return '<p class="muted">No token transfers.</p>';
  const rows = transfers
    .map(
      (t) =>
        `<tr>${t.hash ? `<td>${txLink(base, t.hash)}</td>` : ''}<td>${addressLink(base, t.from)}</td><td>${addressLink(base, t.to)}</td>` +
        `<td data-testid="transfer-amount">${esc(t.amount)}</td><td>${addressLink(base, t.token, t.tokenLabel)}</td></tr>`,
    )
    .join('\n');
  const head = `<tr>${transfers[0]?.hash ? '<th>transaction</th>' : ''}<th>from</th><th>to</th><th>amount</th><th>token</th></tr>`;
  return `<table>${head}${rows}</table>`;
}

export function txPage(base: string, tx: TxView): string {
  const status = tx.status === 'success' ? '<span class="ok">Success</span>' : '<span class="bad">Reverted</span>';
  const rows: [string, string][] = [
    ['hash', `<code>${esc(tx.hash)}</code>`],
    ['status', status],
    ['block', `${esc(tx.blockNumber)} <span class="muted">${esc(tx.timestamp.toISOString())}</span>`],
    ['confirmations', esc(tx.confirmations)],
    ['from', addressLink(base, tx.from)],
    ['to', tx.to ? addressLink(base, tx.to, tx.toLabel ?? undefined) : '<span class="muted">none (contract creation)</span>'],
    ...(tx.contractCreated ? ([['contract created', addressLink(base, tx.contractCreated)]] as [string, string][]) : []),
    ['value', esc(tx.value)],
    ['gas used', esc(tx.gasUsed)],
  ];
  const other = tx.otherEvents.length
    ? `<h2>Other events</h2><ul>${tx.otherEvents.map((e) => `<li>${addressLink(base, e.address, e.label)}</li>`).join('')}</ul>`
    : '';
  return layout(
    'Transaction',
    `<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${v}</td></tr>`).join('\n')}</table>
<h2>Token transfers</h2>${transfersTable(base, tx.transfers)}${other}`,
  );
}

export function addressPage(base: string, a: AddressView): string {
  const rows: [string, string][] = [
    ['address', `<code>${esc(a.address)}</code> <span class="muted">${esc(a.label)}</span>`],
    ['balance', esc(a.nativeBalance)],
    ...a.tokens.map((t): [string, string] => [t.label, esc(t.balance)]),
    ...(a.units.length ? ([['house units', a.units.map((u) => `Type ${esc(u.type)}: ${esc(u.amount)}`).join(' · ')]] as [string, string][]) : []),
    ['transactions sent', esc(a.nonce)],
  ];
  return layout(
    'Address',
    `<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${v}</td></tr>`).join('\n')}</table>
<h2>Recent token transfers</h2>${transfersTable(base, a.transfers)}`,
  );
}

export function errorPage(status: number, msg: string): string {
  return layout(status === 404 ? 'Not found' : status === 400 ? 'Bad request' : 'Unavailable', `<p>${esc(msg)}</p>`);
}
