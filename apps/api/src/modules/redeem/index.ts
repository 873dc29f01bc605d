/**
 * The redeem area's front door: the only file other areas import. Redeem owns redeem_codes
 * and redeem_redemptions; what a code grants is written through assets' front door (DNC, a
 * ship) or opened through fairness' (blind boxes) in the redeeming transaction
 * (docs/decisions/0038-redeem-codes.md).
 */
export { redeemRoutes } from './redeem.routes.ts';
export { redeemCode, REDEEM_MESSAGES } from './redeem.ts';
export { createCode, disableCode, listCodes, type CodeSummary, type NewCode } from './operator-codes.ts';
export { redemptionsActivity } from './redeem-activity.ts';
