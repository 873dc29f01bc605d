import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { deliverEmailJob } from './jobs/deliver-email.ts';
import type { JobHandlers } from './jobs/queue.ts';
import { DELIVER_EMAIL_JOB } from './mail/queue-email.ts';
import type { MailTransport } from './mail/transport.ts';
import { PASSWORD_RESET_REQUEST_JOB, passwordResetRequestJob } from './modules/accounts/index.ts';
import { marketplaceJobs } from './modules/marketplace/index.ts';
import { mintingJobs } from './modules/minting/index.ts';
import { OrdersService, ordersJobs } from './modules/orders/index.ts';
import { nftJobs } from './modules/nft/index.ts';
import { stakingJobs } from './modules/staking/index.ts';
import { paymentsJobs } from './modules/payments/index.ts';

/**
 * What both entry points wire the same way: the API (app.ts, with its in-process worker) and
 * `npm run worker` (worker.ts). Each builds its services here once and hands the same
 * instances to routes, payments and job handlers, so an order is opened, expired and paid by
 * one OrdersService with one set of options.
 */

/** The process's one OrdersService: routes, payments and the job handlers all use it. */
export function buildOrdersService(config: Config, db: Db): OrdersService {
  return new OrdersService({
    db,
    reservationMinutes: config.orderReservationMinutes,
    maxPendingOrders: config.orderMaxPending,
  });
}

export type JobHandlerDeps = { config: Config; mail: MailTransport; orders: OrdersService };

/**
 * Every job kind and its handler, in one place: the API's in-process worker and
 * `npm run worker` must know the same kinds, or a job queued by one is failed by the other.
 * Each area exports its own handlers; this only assembles them.
 */
export function buildJobHandlers({ config, mail, orders }: JobHandlerDeps): JobHandlers {
  // A job signing with a placeholder would be refused by every copy, and retried for days.
  if (config.pendingSecrets.length) {
    throw new Error(`buildJobHandlers needs the generated secrets (${config.pendingSecrets.join(', ')}): resolveGeneratedSecrets after openDatabase`);
  }
  return {
    [DELIVER_EMAIL_JOB]: deliverEmailJob(mail, config.mailFrom),
    [PASSWORD_RESET_REQUEST_JOB]: passwordResetRequestJob(config),
    ...ordersJobs({ orders, chains: config.chains }),
    ...marketplaceJobs({ publicUrl: config.publicUrl }),
    ...paymentsJobs({ chains: config.chains, orders, card: config.card, publicUrl: config.publicUrl }),
    ...mintingJobs(config.chains),
    ...nftJobs({ chains: config.chains }),
    ...stakingJobs({ chains: config.chains }),
  };
}
