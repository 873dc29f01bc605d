import { ErrorResponseSchema, SiteSettingResponseSchema, TosResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { getHomeVersion, getSaleProgram, getTermsHtml } from './settings.service.ts';

/** GET /site/setting: what the storefront needs before it renders. */
export const siteSettingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/setting', {
    schema: { tags: ['site'], summary: 'Website settings: sale_program (1 = buying open), home_version', response: { 200: SiteSettingResponseSchema, '4xx': ErrorResponseSchema } },
    handler: async () => ({ error: false as const, sale_program: await getSaleProgram(db), home_version: await getHomeVersion(db) }),
  });
};

/** GET /api/resource/tos: the terms of service as sanitised HTML. */
export const resourceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/tos', {
    schema: { tags: ['site'], summary: 'Terms of service (sanitised HTML)', response: { 200: TosResponseSchema } },
    handler: async () => ({ error: false as const, data: { content: await getTermsHtml(db) } }),
  });
};
