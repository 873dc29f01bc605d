import type { GinConversionResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /api/convert/gin/:tid: one conversion of the player's, asked again while it is `verifying`. */
export const getGinConversion = (tid: string) =>
  api.get<GinConversionResponse>(`/api/convert/gin/${encodeURIComponent(tid)}`);
