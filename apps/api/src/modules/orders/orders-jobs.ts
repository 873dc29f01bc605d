import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { JobHandlers } from '../../jobs/queue.ts';
import { ORDER_EXPIRE_JOB, expireOrderJob } from './expire-order-job.ts';
import { ORDER_FULFIL_JOB, fulfilOrderJob } from './fulfil-order-job.ts';
import type { OrdersService } from './orders.service.ts';
import { SHIP_MINT_FAILED_JOB, shipMintFailedJob } from './ship-mint-failed-job.ts';
import { ORDER_UNATTACHED_JOB, unattachedOrderJob } from './unattached-order-job.ts';

/**
 * The orders area's job kinds and their handlers. `orders` is the process's one OrdersService
 * (composition.ts), the same the routes and payments use.
 */
export function ordersJobs(d: { orders: OrdersService; chains?: ChainsConfig }): JobHandlers {
  return {
    [ORDER_EXPIRE_JOB]: expireOrderJob(d.orders),
    [ORDER_FULFIL_JOB]: fulfilOrderJob(d.chains ? { chains: d.chains } : {}),
    [ORDER_UNATTACHED_JOB]: unattachedOrderJob(d.orders),
    [SHIP_MINT_FAILED_JOB]: shipMintFailedJob(),
  };
}
