export * from './accounts.ts';
export * from './platform.ts';
export * from './catalogue.ts';
export * from './orders.ts';
export * from './payments.ts';
