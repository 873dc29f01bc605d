import type { SiteSetting } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

// The one client of GET /site/setting. The app (which home page to show), the site area and
// checkout (whether sales are open) all read it, so it lives in the shared layer.

/** sale_program 1 means buying is open; home_version picks landing page or marketplace. */
export const getSiteSetting = (): Promise<SiteSetting> => api.get<SiteSetting>('/site/setting', { auth: false });

export const siteSettingQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'setting'] as const, queryFn: getSiteSetting, staleTime: 5 * 60_000 });

export const useSiteSetting = () => useQuery(siteSettingQueryOptions());
