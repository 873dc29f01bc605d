import type { GinConversionResponse, GinVerifyBody } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /api/convert/gin/verify: hands the sent transfer to the server, which credits the DNC once it is confirmed. */
export const verifyGinTransfer = (body: GinVerifyBody) =>
  api.post<GinConversionResponse>('/api/convert/gin/verify', body);
