import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

// A 4xx answer will not change by asking again; network blips and 5xx get one more try.
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
