import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../src/db/client.ts';
import { priceRoutes, stockValidateRoutes } from '../src/modules/cart/index.ts';
import { catalogueRoutes } from '../src/modules/catalogue/index.ts';
import { seedDemoCatalogue } from '../src/modules/catalogue/index.ts';
import { leaderboardsRoutes } from '../src/modules/leaderboards/index.ts';
import { marketplaceRoutes } from '../src/modules/marketplace/index.ts';
import { blindBoxRoutes, shopRoutes } from '../src/modules/shop/index.ts';
import { errorsPlugin } from '../src/plugins/errors.ts';
import { createTestDatabase } from './test-database.ts';

export type CatalogueTestApp = { app: FastifyInstance; database: Database; now: Date; close(): Promise<void> };

/**
 * The catalogue areas on a Fastify of their own, registered as app.ts registers them, over
 * a database of the test's own (PGlite, or PostgreSQL with DATABASE_URL). With `seed` the
 * deterministic demo catalogue is loaded, anchored at `now`.
 */
export async function createCatalogueTestApp(opts: { seed?: boolean; now?: Date } = {}): Promise<CatalogueTestApp> {
  const now = opts.now ?? new Date();
  const database = await createTestDatabase();
  const { db } = database;
  if (opts.seed !== false) await seedDemoCatalogue(db, { now });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 1024 } }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The OpenAPI document is built from the same schemas: a schema it cannot render fails here.
  await app.register(swagger, { openapi: { info: { title: 'test', version: '0' } }, transform: jsonSchemaTransform });
  await app.register(errorsPlugin);
  const clock = () => now;
  await app.register(catalogueRoutes, { prefix: '/api/catalogue', db });
  await app.register(marketplaceRoutes, { prefix: '/api/marketplace', db, now: clock });
  await app.register(shopRoutes, { prefix: '/api/shop', db });
  await app.register(blindBoxRoutes, { prefix: '/api/my/blindboxs', db });
  await app.register(priceRoutes, { prefix: '/api/getprice', db });
  await app.register(stockValidateRoutes, { prefix: '/api/shop_payment', db });
  await app.register(leaderboardsRoutes, { prefix: '/api/leaderboards', db, now: clock });
  await app.ready();
  return {
    app,
    database,
    now,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** GET a URL and return status and JSON body. */
export async function getJson<T = Record<string, unknown>>(app: FastifyInstance, url: string): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}
