import type { CryptoStatusBody } from '@starport/schemas';
import { env } from '../../../config/env.ts';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session-storage.ts';

/** POST /api/payment/eth_crypto/status: every step of every crypto payment (spec §4, §7). */
const STATUS_PATH = '/api/payment/eth_crypto/status';

export type CryptoStepReport = CryptoStatusBody;

/**
 * What the browser saw at one step, for support: the server keeps it in the order's log and
 * never pays because of it. A report that fails must not disturb the payment: it is logged.
 * The request goes out at once (in call order), so the reports reach the server in order.
 */
export function reportCryptoStep(report: CryptoStepReport): void {
  api.post(STATUS_PATH, report).catch((error: unknown) => {
    console.warn('Could not report the crypto payment step', report, error);
  });
}

/**
 * The same report while the page unloads (pagehide). A normal request is cancelled with the
 * page; `keepalive` lets it finish. navigator.sendBeacon would too, but cannot carry the
 * Authorization header the endpoint needs, so this is a keepalive fetch with that header.
 */
export function reportCryptoStepOnLeave(report: CryptoStepReport): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    fetch(`${env.apiUrl}${STATUS_PATH}`, {
      method: 'POST',
      keepalive: true,
      headers,
      body: JSON.stringify(report),
    }).catch((error: unknown) => console.warn('Could not report leaving the crypto payment', error));
  } catch (error) {
    // keepalive bodies are capped at 64 KiB per page; ours are small, but a throw must not break unload
    console.warn('Could not report leaving the crypto payment', error);
  }
}
