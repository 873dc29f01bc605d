import type { WalletNonceResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /api/web3_login/{wallet}/nonce: a single-use nonce and the Sign-In with Ethereum message carrying it. */
export const getWalletLoginNonce = (wallet: string): Promise<WalletNonceResponse> =>
  api.get<WalletNonceResponse>(`/api/web3_login/${encodeURIComponent(wallet)}/nonce`, { auth: false });
