import type { ErrorCode } from '@starport/schemas';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { SIGN_IN_TO_PAY } from '../model/messages.ts';

/** The checkout's 409 when the player already has the most unpaid orders allowed. */
export const TOO_MANY_UNPAID = 'TOO_MANY_UNPAID_ORDERS' satisfies ErrorCode;

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

/**
 * Why starting a payment failed. Signed out (the session ended meanwhile) asks to sign in
 * (spec §5); too many unpaid orders links to My Orders, where one can be paid or cancelled.
 */
export function PaymentErrorAlert({ error }: { error: PaymentStepError }) {
  const status = httpStatusOf(error);
  if (status === 401) return <Alert tone="info">{SIGN_IN_TO_PAY}</Alert>;
  const title = error.step === 'stock' && status !== 0 ? 'Something went wrong!' : 'Sorry';
  const tooManyUnpaid = isApiError(error.original) && error.original.code === TOO_MANY_UNPAID;
  return (
    <Alert tone="error" title={title}>
      {error.message}
      {tooManyUnpaid && (
        <>
          {' '}
          <Link to={paths.myOrders.getHref()} data-testid="payment-error-my-orders">
            Go to My Orders
          </Link>
        </>
      )}
    </Alert>
  );
}
