/**
 * The orders area's front door: the only file other areas, the CLI and the composition root
 * (composition.ts, app.ts) import. Payments reach orders through their own port
 * (payments/order-book.ts), which the one OrdersService built in composition.ts fills.
 */
export { ORDER_EXPIRE_JOB, OrdersService, type OrdersDeps, type PaidOutcome, type ProviderPayment } from './orders.service.ts';
export { ORDER_FULFIL_JOB } from './fulfil-order-job.ts';
export { ORDER_UNATTACHED_JOB, SESSION_GRACE_MS } from './unattached-order-job.ts';
export { ordersJobs } from './orders-jobs.ts';
export { ordersRoutes } from './orders.routes.ts';
export { myBlindBoxesRoutes } from './my-blind-boxes.routes.ts';
export { ordersForReview, resolveReview, type OrderForReview, type ReviewEvent } from './orders-review.ts';
export { PAID_STATUSES } from './order-states.ts';
export { purchasesActivity, refundsActivity } from './order-activity.ts';
