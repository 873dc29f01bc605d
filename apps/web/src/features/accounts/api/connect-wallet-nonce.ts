import type { WalletNonceResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /api/account/connect_wallet/nonce (signed in): the message proving the wallet to link is the player's. */
export const getConnectWalletNonce = (wallet: string): Promise<WalletNonceResponse> =>
  api.post<WalletNonceResponse>('/api/account/connect_wallet/nonce', { wallet });
