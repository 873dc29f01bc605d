import type { SiteSetting } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** sale_program 1 means buying is open; home_version picks landing page or marketplace. */
export const getSiteSetting = (): Promise<SiteSetting> => api.get<SiteSetting>('/site/setting', { auth: false });

export const useSiteSetting = () =>
  useQuery({ queryKey: ['site', 'setting'], queryFn: getSiteSetting, staleTime: 5 * 60_000 });
