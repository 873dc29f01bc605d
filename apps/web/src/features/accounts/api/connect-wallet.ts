import type { ConnectWalletBody, ConnectWalletResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /api/account/connect_wallet (signed in): links the wallet that signed the message. */
export const postConnectWallet = (body: ConnectWalletBody): Promise<ConnectWalletResponse> =>
  api.post<ConnectWalletResponse>('/api/account/connect_wallet', body);
