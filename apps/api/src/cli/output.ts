import type { DiscountTier } from '@starport/schemas';
import type { SettingsView } from './commands/settings.ts';
import type { UserRow, UserSummary } from './commands/users.ts';
import type { OrderForReview } from '../modules/orders/index.ts';
import type { GinForReview } from '../modules/gin/index.ts';
import { REFERRAL_SHARE_KEY } from '../modules/referrals/index.ts';
import type { TopUpTerms } from '../modules/land/index.ts';
import { SHIP_MINT_FEE_KEY } from '../modules/minting/index.ts';

/** What each command prints, as lines; nothing here reads or writes the database. */

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')}Z`;
const plural = (n: number, word: string) => `${word}${n === 1 ? '' : 's'}`;
const usdOf = (micro: bigint) => `$${(Number(micro) / 1e6).toFixed(2)}`;

export function createdUser(u: UserRow): string[] {
  const facts = [
    u.email ? `e-mail ${u.email}` : 'no e-mail',
    u.walletAddress ? `wallet ${u.walletAddress}` : null,
    u.email ? (u.emailVerifiedAt ? 'active' : 'not active') : null,
  ];
  const lines = [`Created user ${u.username} (${facts.filter(Boolean).join(', ')}), id ${u.id}.`];
  if (u.email && !u.emailVerifiedAt)
    lines.push(`Sign-in is refused until the e-mail is verified: npm run admin -- activate ${u.username}`);
  return lines;
}

export const activated = ({ user, already }: { user: UserRow; already: boolean }) =>
  already ? `${user.username} (${user.email}) was already active.` : `Activated ${user.username} (${user.email}).`;

export const sessionsEnded = ({ user, ended }: { user: UserRow; ended: number }) =>
  `Signed ${user.username} out everywhere: ${ended} live ${plural(ended, 'session')} ended.`;

/** A table with columns as wide as their widest cell, then "N of M users". */
export function userTable({ users, total }: { users: UserSummary[]; total: number }): string[] {
  const table = [['username', 'e-mail', 'active', 'wallet', 'created']].concat(
    users.map((u) => [u.username, u.email ?? '-', u.active ? 'yes' : 'no', u.wallet ?? '-', when(u.createdAt)]),
  );
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const rows = table.map((r) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
  return [...rows, `${users.length} of ${total} ${plural(total, 'user')}`];
}

export const saleProgramSet = (value: number) =>
  `sale_program is now ${value} (buying ${value === 1 ? 'open' : 'closed'}).`;

export const homeVersionSet = (value: number) =>
  `home_version is now ${value} (${value === 1 ? 'landing page' : 'marketplace'}).`;

export function termsStored({ received, stored }: { received: number; stored: number }): string {
  const note = stored === received ? '' : ` (${received} received; cleaning removed what the page may not show)`;
  return `Stored the terms: ${stored} characters${note}.`;
}

const describeTiers = (tiers: DiscountTier[]) =>
  tiers.length ? tiers.map((t) => `${t.min_items}+ items ${t.percent}% off`).join(', ') : 'none';

export const discountsSet = (tiers: DiscountTier[]) => `Volume discounts are now: ${describeTiers(tiers)}.`;

export const penguinRateSet = (rate: number) => `A ship on a penguin now earns ${rate} DNC a day before the rarity boost.`;

export const goalandRateSet = (rate: number) => `Every GOALAND plot now earns ${rate} DNC per full day.`;

/** 500 → "5%", 250 → "2.5%", 1 → "0.01%". */
const percentOf = (bps: number) => `${bps / 100}%`;

export const referralShareSet = (bps: number) =>
  `Referrers now earn ${bps} basis points (${percentOf(bps)}) of each paid order of a player they referred, for orders fulfilled from now on.`;

export const landCreditPriceSet = (t: TopUpTerms) => `A land credit now costs ${usdOf(t.priceMicro)} in a top-up.`;

export const landCreditTopUpSet = (t: TopUpTerms) => `A top-up now buys from ${t.min} to ${t.max} land credits.`;

export const shipMintFeeSet = (feeMicro: bigint) => `Converting a ship to an NFT now costs ${usdOf(feeMicro)}.`;

export function settings(s: SettingsView): string[] {
  const since = (key: string) => (s.updated[key] ? `set ${when(s.updated[key])}` : 'default');
  return [
    `sale_program  ${s.saleProgram} (buying ${s.saleProgram === 1 ? 'open' : 'closed'}; ${since('sale_program')})`,
    `home_version  ${s.homeVersion} (${s.homeVersion === 2 ? 'marketplace' : 'landing page'}; ${since('home_version')})`,
    `terms         ${s.termsCharacters} characters (${since('tos_html')})`,
    `discounts     ${describeTiers(s.discounts)} (${since('volume_discounts')})`,
    `penguin_rate  ${s.penguinRate} DNC a day before the boost (${since('penguin_dnc_per_day')})`,
    `goaland_rate  ${s.goalandRate} DNC per plot per day (${since('goaland_dnc_per_plot_day')})`,
    `referral_share  ${s.referralShareBps} basis points (${percentOf(s.referralShareBps)}) of a referred player's paid order (${since(REFERRAL_SHARE_KEY)})`,
    `land_credit_price  ${usdOf(s.landCredit.priceMicro)} per credit (${since('land_credit_usd_micro')})`,
    `land_credit_topup  ${s.landCredit.min} to ${s.landCredit.max} credits per top-up (${since('land_credit_topup_max')})`,
    `ship_mint_fee  ${usdOf(s.shipMintFeeMicro)} to convert a ship to an NFT (${since(SHIP_MINT_FEE_KEY)})`,
  ];
}

/** One line per order, then one indented line per reason it waits, then the count. */
export function ordersForReview({ orders, total }: { orders: OrderForReview[]; total: number }): string[] {
  const lines: string[] = [];
  for (const o of orders) {
    const via = o.provider ? ` via ${o.provider}` : '';
    lines.push(
      `${o.code}  ${o.status}  ${o.method}${via}  ${usdOf(o.totalMicro)}  ${o.player}  since ${when(o.updatedAt)}`,
    );
    for (const r of o.reasons) lines.push(`    ${when(r.at)}  ${describeReason(r)}`);
  }
  lines.push(total === 0 ? 'No order is waiting for review.' : `${orders.length} of ${total} waiting for review`);
  return lines;
}

function describeReason(r: OrderForReview['reasons'][number]): string {
  const paid = typeof r.payload.amount_micro === 'string' ? ` paid ${usdOf(BigInt(r.payload.amount_micro))}` : '';
  const because = typeof r.payload.reason === 'string' ? r.payload.reason : 'no reason recorded';
  const what = (() => {
    switch (r.kind) {
      case 'payment_mismatch':
        return `amount or currency differs from the order:${paid} ${String(r.payload.currency ?? '')}`.trimEnd();
      case 'payment_after_close':
        return `payment arrived after the order was ${String(r.payload.status ?? 'closed')}:${paid}`;
      case 'payment_unverified':
        return `a reported payment could not be checked: ${because}`;
      case 'listing_not_reserved':
        return `a listing was no longer held for the order: ${JSON.stringify(r.payload.listing_ids ?? [])}`;
      case 'fulfilment_blocked':
        return `paid, but could not be fulfilled: ${because}`;
      case 'mint_failed':
        return `the paid ship mint failed for good (refund the fee, or the player converts again): ${because}`;
      default:
        return r.kind;
    }
  })();
  // A provider's event id; the mint's own key (mint_failed:<id>) says nothing more than the line.
  const event = r.providerEventId && r.kind !== 'mint_failed' ? ` (event ${r.providerEventId})` : '';
  return `${what}${event}`;
}

export const reviewClosed = (code: string, note: string) => `${code}: review closed ("${note}").`;

/** How long something has waited, coarse enough to read at a glance: 45m, 3h 5m, 2d 4h. */
export function age(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${minutes % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** One line per conversion, then the reason the player reads (indented), then the count. */
export function ginForReview({ conversions, total }: { conversions: GinForReview[]; total: number }, now = new Date()): string[] {
  const lines: string[] = [];
  for (const c of conversions) {
    const burnt = c.burntGin === null ? 'burnt unknown' : `burnt ${c.burntGin} Gin`;
    lines.push(
      `${c.id}  ${c.tid}  ${c.player}  network ${c.network}  tx ${c.txHash ?? '-'}  quoted ${c.totalGin} Gin = ${c.dnc} DNC  ${burnt}  waiting ${age(now.getTime() - c.since.getTime())} (since ${when(c.since)})`,
    );
    lines.push(`    ${c.reason ?? 'no reason recorded'}`);
  }
  lines.push(total === 0 ? 'No Gin conversion is waiting for review.' : `${conversions.length} of ${total} waiting for review`);
  return lines;
}

export function ginReviewResolved(r: { id: number; tid: string; status: 'credited' | 'failed'; dnc: number; totalGin: number; failure: string | null }, note: string): string {
  const head = `Gin conversion ${r.id} (${r.tid})`;
  return r.status === 'credited'
    ? `${head}: credited ${r.dnc} DNC for the ${r.totalGin} Gin quoted ("${note}").`
    : `${head}: failed, nothing credited. The player reads: ${r.failure}`;
}
