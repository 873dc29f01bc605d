import type { HistoryEntry, MyHistoryResponse } from '@starport/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { compareNewestFirst, decodeCursor, encodeCursor, type ActivityEntry, type ActivitySource } from '../../lib/activity/index.ts';
import { microToUsd } from '../../lib/money.ts';
import { penguinEarningsActivity, referralRewardsActivity, salesActivity } from '../assets/index.ts';
import { purchasesActivity, refundsActivity } from '../orders/index.ts';
import { redemptionsActivity } from '../redeem/index.ts';
import { ginConversionsActivity } from '../gin/index.ts';

/**
 * The player's history (decision 0042): every source gives its `limit` newest entries past the
 * cursor, and the page is the `limit` newest of them all. A source's own order matches the
 * merge's (time, kind, id), so no entry is skipped or shown twice from one page to the next.
 */
const SOURCES: readonly ActivitySource[] = [
  purchasesActivity,
  refundsActivity,
  salesActivity,
  referralRewardsActivity,
  redemptionsActivity,
  penguinEarningsActivity,
  ginConversionsActivity,
];

function view(e: ActivityEntry): HistoryEntry {
  return {
    _id: `${e.kind}:${e.id}`,
    kind: e.kind,
    at: e.at.toISOString(),
    title: e.title,
    detail: e.detail,
    direction: e.direction,
    usd: e.usdMicro === null ? null : microToUsd(e.usdMicro.toString()),
    usd_micro: e.usdMicro === null ? null : e.usdMicro.toString(),
    dnc: e.dnc,
    link: e.link,
  };
}

export async function myHistory(db: DbOrTx, userId: string, query: { cursor?: string; limit: number }): Promise<MyHistoryResponse> {
  const before = decodeCursor(query.cursor);
  // One more than a page, to know whether another page follows.
  const page = { before, limit: query.limit + 1 };
  const fromEverySource = await Promise.all(SOURCES.map((source) => source(db, userId, page)));
  const merged = fromEverySource.flat().sort(compareNewestFirst);
  const shown = merged.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    error: false,
    data: shown.map(view),
    next_cursor: merged.length > query.limit && last ? encodeCursor(last) : null,
  };
}
