import type { OrderResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from '../../../lib/get-order.ts';

/** POST /api/orders/{code}/cancel: only a pending order can be cancelled; otherwise a 409 says why. */
export const cancelOrder = (code: string) =>
  api.post<OrderResponse>(`/api/orders/${encodeURIComponent(code)}/cancel`);

/** Cancels, then asks for the orders again whatever the answer: a 409 means the list is out of date. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
