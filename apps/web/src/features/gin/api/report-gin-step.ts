import type { GinStatusBody } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/convert/gin/status: the browser's step, kept by the server as a log (it never
 * credits). A report that fails is only logged: the conversion goes on without it.
 */
export function reportGinStep(body: GinStatusBody): void {
  api.post('/api/convert/gin/status', body).catch((error: unknown) => {
    console.warn(`Gin step ${body.step} was not reported`, error);
  });
}
