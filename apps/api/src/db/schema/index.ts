export * from './accounts.ts';
export * from './platform.ts';
export * from './catalogue.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './holdings.ts';
export * from './fairness.ts';
export * from './chain.ts';
