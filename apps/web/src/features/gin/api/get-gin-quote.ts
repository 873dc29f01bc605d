import type { GinConfigResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/convert/gin/config?total=&network=: opens a conversion (the spec's tid) and says what
 * the wallet must send. Called once per attempt from the run, never cached: each answer is a new quote.
 */
export const getGinQuote = (total: number, network: string) =>
  api.get<GinConfigResponse>('/api/convert/gin/config', { query: { total, network } });
