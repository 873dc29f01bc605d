/** The site area's front door: the only file other areas, the app and the operator CLI import. */
export {
  getHomeVersion,
  getHomeVersionRecent,
  getSaleProgram,
  getSettingTimes,
  getTermsHtml,
  setHomeVersion,
  setSaleProgram,
  setTermsHtml,
  type SaleProgram,
} from './settings.service.ts';
export { resourceRoutes, siteSettingRoutes } from './site.routes.ts';
