import type { ConnectWalletBody, User } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

export type ConnectWalletResult = { error: false; msg: string; user: User };

/** POST /api/account/connect_wallet (signed in): links the wallet that signed the message. */
export const postConnectWallet = (body: ConnectWalletBody): Promise<ConnectWalletResult> =>
  api.post<ConnectWalletResult>('/api/account/connect_wallet', body);
