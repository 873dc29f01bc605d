/**
 * The referrals area's front door (decision 0041): a referred player's paid order rewards the
 * player whose link they arrived with (`rewardReferrer`, called by order fulfilment), and the
 * referrer sees their referred players and earnings (GET /api/my/ref). The link itself belongs
 * to accounts (users.wallet_ref), the rewards to assets (referral_rewards).
 */
export { rewardReferrer, type PaidOrderForReferral } from './reward-referrer.ts';
export { readReferralShare, setReferralShare, REFERRAL_SHARE_KEY } from './referral-share.ts';
export { referralRoutes } from './referrals.routes.ts';
