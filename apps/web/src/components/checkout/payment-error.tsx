import { isApiError } from '../../lib/api-client.ts';
import { messageOf } from '../../lib/api-error.ts';
import { Alert } from '../ui/alert.tsx';
import { SIGN_IN_TO_PAY } from './messages.ts';

/**
 * A failed step of starting a payment. Which step failed decides the title (spec §8): the
 * shop's stock check ('Something went wrong!') or opening the payment ('Sorry').
 */
export class PaymentStepError extends Error {
  constructor(
    readonly step: 'stock' | 'buy',
    readonly original: unknown,
  ) {
    super(messageOf(original));
  }
}

/** Runs one step of a payment start, tagging its failure with the step. */
export const stepOf = <T,>(step: PaymentStepError['step'], work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw new PaymentStepError(step, error);
  });

export const httpStatusOf = (error: PaymentStepError): number | null =>
  isApiError(error.original) ? error.original.status : null;

/** Why starting a payment failed. Signed out (the session ended meanwhile) asks to sign in (spec §5). */
export function PaymentErrorAlert({ error }: { error: PaymentStepError }) {
  const status = httpStatusOf(error);
  if (status === 401) return <Alert tone="info">{SIGN_IN_TO_PAY}</Alert>;
  const title = error.step === 'stock' && status !== 0 ? 'Something went wrong!' : 'Sorry';
  return (
    <Alert tone="error" title={title}>
      {error.message}
    </Alert>
  );
}
