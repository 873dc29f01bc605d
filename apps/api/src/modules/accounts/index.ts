/**
 * The accounts area's front door: the only file other areas, the app and the operator CLI
 * import. Land credit (`creditRoutes`, the credit balance) is not here: it is moving to assets.
 */
export { accountsRoutes } from './accounts.routes.ts';
export { mailContactOf } from './contact.ts';
export { findUserByWallet } from './wallet-users.repo.ts';
export { referredPlayers, referrerOf, type ReferredPlayer } from './referral-links.ts';
export { AccountsService } from './accounts.service.ts';
export type { UserRow } from './accounts.repo.ts';
export {
  OPERATOR_WALLET_LINKED_JOB,
  OperatorAccountsService,
  type NewAccount,
  type OperatorWalletLinked,
  type UserSummary,
} from './operator-accounts.service.ts';
export { PASSWORD_RESET_REQUEST_JOB, passwordResetRequestJob } from './password-reset-job.ts';
export { SessionService, type AuthContext, type Tokens } from './sessions.service.ts';
export { walletRoutes } from './wallet-auth.routes.ts';
export { WalletAuthService } from './wallet-auth.service.ts';
export { profileRoutes } from './profile.routes.ts';
export { ProfileService } from './profile.service.ts';
export { avatarUrl } from './avatar-image.ts';
