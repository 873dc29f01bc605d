/** The catalogue: what exists (items) and what is for sale (market). */
export * from './catalogue-items.ts';
export * from './catalogue-market.ts';
