import type { UnitWithdrawBody, UnitWithdrawResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshMyAssets } from './use-refresh-my-assets.ts';

/** POST /api/units/withdraw: pieces of one apartment leave the off-chain balance and are minted to the linked wallet. */
export const withdrawUnitPieces = (body: UnitWithdrawBody) => api.post<UnitWithdrawResponse>('/api/units/withdraw', body);

export function useWithdrawUnitPieces() {
  const refresh = useRefreshMyAssets();
  return useMutation({ mutationFn: withdrawUnitPieces, onSettled: refresh });
}
