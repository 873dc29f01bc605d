import { CRYPTO_STEPS } from '@starport/schemas/crypto-steps';
import { api } from '../../../lib/api-client.ts';
import { PAYMENT_STATUS } from './report-payment-status.ts';
import type { CryptoStepReport } from '../model/crypto-report.ts';

/**
 * PATCH /api/minting/request/status: a ship mint's own step log (owned-assets.md §4.4, §7.7):
 * 1 while the fee is being sent (with its receiver), 2 with the transfer's receipt, 4 on failure.
 * Like every payment report it is kept for support and never trusted.
 */
export type MintStepBody = { tid: string; status: 1 | 2 | 4; receiver?: string; payload?: unknown };

const FAILED_STEPS: ReadonlySet<CryptoStepReport['step']> = new Set([
  CRYPTO_STEPS.NO_WALLET,
  CRYPTO_STEPS.ACCESS_DENIED,
  CRYPTO_STEPS.SEND_ERROR,
  CRYPTO_STEPS.TRANSACTION_ERROR,
  CRYPTO_STEPS.VALIDATION_FAILED,
]);

/**
 * Which of the crypto payment's steps the mint's log takes, and as what: the wallet asked to
 * send (1, to `receiver`), the transfer mined (2), a step that ends the payment unpaid (4).
 */
export function mintStepOf(report: CryptoStepReport, receiver: string | null): MintStepBody | null {
  const { tid, step, payload, result, content } = report;
  if (step === CRYPTO_STEPS.DIALOG_OPENED) return { tid, status: PAYMENT_STATUS.inProgress, receiver: receiver ?? undefined, payload };
  if (step === CRYPTO_STEPS.TRANSFER_SENT) return { tid, status: PAYMENT_STATUS.success, payload: { ...asObject(payload), result } };
  if (FAILED_STEPS.has(step)) return { tid, status: PAYMENT_STATUS.error, payload: { step, content } };
  return null;
}

const asObject = (value: unknown): object => (value && typeof value === 'object' ? value : { value });

/** Sends the mint's step; a report that fails must not disturb the payment: it is logged. */
export function reportMintStep(body: MintStepBody): void {
  api.patch('/api/minting/request/status', body).catch((error: unknown) => {
    console.warn('Could not report the mint payment step', body, error);
  });
}
