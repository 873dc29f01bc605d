import type { DbOrTx } from '../../db/client.ts';
import type { ActivityEntry, ActivityPage } from '../../lib/activity/index.ts';
import { creditedBefore } from './gin-conversions.repo.ts';

/**
 * The gin area's entries in the player's history (decision 0042): a receipt of each credited
 * conversion, dated when the DNC was credited, linking to the page that converts.
 */
export async function ginConversionsActivity(db: DbOrTx, userId: string, page: ActivityPage): Promise<ActivityEntry[]> {
  const rows = await creditedBefore(db, userId, page);
  return rows.map((c) => ({
    kind: 'gin_conversion',
    id: c.id,
    at: c.creditedAt!,
    title: 'Gin converted to DNC',
    detail: `${c.totalGin} Gin burnt in transaction ${c.txHash}`,
    direction: 'in',
    usdMicro: null,
    dnc: c.dnc,
    link: '/my/gin-exchange',
  }));
}
