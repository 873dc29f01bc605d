import type { DbOrTx } from '../../db/client.ts';
import type { ActivityEntry, ActivityPage } from '../../lib/activity/index.ts';
import { redemptionsBefore } from './redemption-view.ts';

/** The redeem area's entries in the player's history (decision 0042): each code redeemed and what it gave. */
export async function redemptionsActivity(db: DbOrTx, userId: string, page: ActivityPage): Promise<ActivityEntry[]> {
  const rows = await redemptionsBefore(db, userId, page);
  return rows.map(({ id, at, redemption }) => ({
    kind: 'redeem',
    id,
    at,
    title: `You redeemed a code for ${redemption.granted}`,
    detail: `Code ending ${redemption.code_hint}`,
    direction: 'in',
    usdMicro: null,
    dnc: redemption.dnc,
    link: '/my/redeem',
  }));
}
