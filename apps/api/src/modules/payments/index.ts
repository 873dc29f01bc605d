/**
 * The payments area's front door: the only file other areas and the composition root
 * (composition.ts, app.ts) import.
 */
export { paymentsPlugin, type PaymentsOptions } from './payments.plugin.ts';
export { paymentsJobs } from './payments-jobs.ts';
export type { CryptoOrderBook, OrderBook, WidgetOrderBook } from './order-book.ts';
