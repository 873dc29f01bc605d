import type { Config } from '../config.ts';
import { DELIVER_EMAIL_JOB } from '../mail/queue-email.ts';
import type { MailTransport } from '../mail/transport.ts';
import { PASSWORD_RESET_REQUEST_JOB, passwordResetRequestJob } from '../modules/accounts/password-reset-job.ts';
import { ORDER_EXPIRE_JOB, expireOrderJob } from '../modules/orders/expire-order-job.ts';
import { ORDER_FULFIL_JOB, fulfilOrderJob } from '../modules/orders/fulfil-order-job.ts';
import { deliverEmailJob } from './deliver-email.ts';
import type { JobHandlers } from './queue.ts';

/**
 * Every job kind and its handler, in one place: the API's in-process worker and
 * `npm run worker` must know the same kinds, or a job queued by one is failed by the other.
 */
export function buildJobHandlers(config: Config, mailTransport: MailTransport): JobHandlers {
  return {
    [DELIVER_EMAIL_JOB]: deliverEmailJob(mailTransport, config.mailFrom),
    [PASSWORD_RESET_REQUEST_JOB]: passwordResetRequestJob(config),
    [ORDER_EXPIRE_JOB]: expireOrderJob(config.orderReservationMinutes),
    [ORDER_FULFIL_JOB]: fulfilOrderJob(),
  };
}
