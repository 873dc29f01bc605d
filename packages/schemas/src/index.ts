export * from './common.ts';
export * from './accounts.ts';
export * from './site.ts';
export * from './web-routes.ts';
export * from './images.ts';
export * from './catalogue.ts';
export * from './cart.ts';
export * from './orders.ts';
