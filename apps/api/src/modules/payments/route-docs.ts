import { ErrorResponseSchema } from '@starport/schemas';

/** What every payment route says in the OpenAPI document: its tag, its error shape, its auth. */
export const tags = ['payments'];
export const errors = { '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema };
export const signedIn = { security: [{ bearerAuth: [] }] };
/** Browser reports are small (payload and result ≤ 8 KiB each); anything much larger is refused unread. */
export const REPORT_BODY_LIMIT = 64 * 1024;
