import type { Config } from '../config.ts';
import { DELIVER_EMAIL_JOB } from '../mail/queue-email.ts';
import type { MailTransport } from '../mail/transport.ts';
import { PASSWORD_RESET_REQUEST_JOB, passwordResetRequestJob } from '../modules/accounts/index.ts';
import { ORDER_EXPIRE_JOB, expireOrderJob } from '../modules/orders/expire-order-job.ts';
import { ORDER_FULFIL_JOB, fulfilOrderJob } from '../modules/orders/fulfil-order-job.ts';
import { OrdersService } from '../modules/orders/orders.service.ts';
import { CRYPTO_FIND_TRANSFER_JOB, cryptoFindTransferJob } from '../modules/payments/crypto-transfer-sweep.ts';
import { CRYPTO_VERIFY_JOB, cryptoVerifyJob } from '../modules/payments/crypto-verify-job.ts';
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
    [CRYPTO_VERIFY_JOB]: cryptoVerifyJob(
      config.chains,
      (db) => new OrdersService({ db, reservationMinutes: config.orderReservationMinutes }),
    ),
    [CRYPTO_FIND_TRANSFER_JOB]: cryptoFindTransferJob(
      config.chains,
      (db) => new OrdersService({ db, reservationMinutes: config.orderReservationMinutes }),
    ),
  };
}
