/**
 * The land area's front door (decisions 0043 and 0044): the map's owned cells, buying plots
 * with land credit, the player's plots. The plots themselves are holdings, written through
 * the assets module; this area prices, validates and answers.
 */
export { landRoutes, myLandsRoutes } from './land.routes.ts';
export { collectionRoutes, collectionsRoutes } from './collections.routes.ts';
export { readPlotPricing, writePlotPricing, type PlotPricing } from './land-prices.ts';
export { countryAt } from './country.ts';
export {
  readTopUpTerms,
  termsFor,
  topUpTerms,
  writeCreditPrice,
  writeTopUpBounds,
  type TopUpTerms,
} from './top-up-terms.ts';
export { topUpTermsRoutes } from './top-up.routes.ts';
