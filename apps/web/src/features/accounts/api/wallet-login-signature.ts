import type { WalletLoginResponse, WalletSignatureBody } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/web3_login/{wallet}/signature: trades the signed message for a session; the
 * wallet's first sign-in creates its account (and records wallet_ref, the referral code).
 */
export const postWalletSignature = (wallet: string, body: WalletSignatureBody): Promise<WalletLoginResponse> =>
  api.post<WalletLoginResponse>(`/api/web3_login/${encodeURIComponent(wallet)}/signature`, body, { auth: false });
