import type { MessageResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

export const verifySecretKey = (key: string): Promise<MessageResponse> =>
  api.get<MessageResponse>(`/api/account/verify_secret_key/${encodeURIComponent(key)}`, { auth: false });

export const useVerifySecretKey = (key: string) =>
  useQuery({
    queryKey: accountKeys.secretKey(key),
    queryFn: () => verifySecretKey(key),
    enabled: key.length > 0,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
