import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ART_PREFIX, HealthResponseSchema } from '@starport/schemas';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { ping, type Database } from './db/client.ts';
import { buildJobHandlers, buildOrdersService } from './composition.ts';
import { JobWorker, type JobWorkerOptions } from './jobs/queue.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { MailTransport } from './mail/transport.ts';
import { artRoutes } from './modules/art/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import { leaderboardsRoutes } from './modules/leaderboards/index.ts';
import { firstListedPicture, marketplaceRoutes, myListingRoutes, openListingsOf, playerListingRoutes } from './modules/marketplace/index.ts';
import { blindBoxRoutes, shopRoutes } from './modules/shop/index.ts';
import { accountsRoutes, AccountsService, profileRoutes, ProfileService, SessionService, walletRoutes, WalletAuthService } from './modules/accounts/index.ts';
import { createObjectStorage, uploadSigningKey } from './lib/object-storage/index.ts';
import { creditRoutes, myAssetsRoutes } from './modules/assets/index.ts';
import { myPenguinRoutes, penguinCollectionRoutes } from './modules/penguins/index.ts';
import { goalandProgrammeRoutes, myGoalandRoutes } from './modules/goaland/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/index.ts';
import { chainPlugin } from './modules/chain/index.ts';
import { chainById } from './chain/chain-config.ts';
import { explorerTxUrl } from './chain/clients.ts';
import { fairnessRoutes } from './modules/fairness/index.ts';
import { getHomeVersionRecent, resourceRoutes, siteSettingRoutes } from './modules/site/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { noStoreCredentialsPlugin } from './plugins/no-store-credentials.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { cachedFor, type PageFacts } from './plugins/static-web-page.ts';
import { priceRoutes, stockValidateRoutes } from './modules/cart/index.ts';
import { myBlindBoxesRoutes, ordersRoutes } from './modules/orders/index.ts';
import { redeemRoutes } from './modules/redeem/index.ts';
import { referralRoutes } from './modules/referrals/index.ts';
import { historyRoutes } from './modules/history/index.ts';
import { ginRoutes } from './modules/gin/index.ts';
import { collectionRoutes, collectionsRoutes, landRoutes, myLandsRoutes, topUpTermsRoutes } from './modules/land/index.ts';
import { paymentsPlugin } from './modules/payments/index.ts';
import { mintingRoutes, unitWithdrawRoutes } from './modules/minting/index.ts';
import { followLinkedWallet, nftMetadataRoutes, startChainIndexJobs } from './modules/nft/index.ts';
import { assetsNftRoutes, StakingService, stakingRoutes, startStakingIndexJob } from './modules/staking/index.ts';

/** How stale a page's preload hint may be: a listing sold meanwhile costs one unused picture. */
const PAGE_FACTS_TTL_MS = 5_000;

/** Where WalletConnect's relay, verify frame and modal (Reown) live. */
const WALLETCONNECT_HOSTS = {
  https: ['https://*.walletconnect.org', 'https://*.walletconnect.com', 'https://*.reown.com', 'https://*.web3modal.org'],
  wss: ['wss://*.walletconnect.org', 'wss://*.walletconnect.com'],
};

export type AppDeps = {
  config: Config;
  database: Database;
  limiter: RateLimiter;
  mail: MailTransport;
  logger?: FastifyServerOptions['logger'];
  jobs?: JobWorkerOptions;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobWorker;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, limiter, mail } = deps;
  const { db } = database;
  // Placeholders would sign sessions and sandbox payments with empty keys.
  if (config.pendingSecrets.length) {
    throw new Error(`buildApp needs the generated secrets (${config.pendingSecrets.join(', ')}): resolveGeneratedSecrets after openDatabase`);
  }
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 256 * 1024,
    // Long params reach validation and get a clear 400, instead of Fastify's bare 414.
    routerOptions: { maxParamLength: 1024 },
    trustProxy: false,
    // How a stop treats connections (graceful-stop.ts): idle ones close, in-flight requests finish
    // (`true` would cut them); a request arriving on a kept-alive connection while the server
    // stops is refused with 503 and `Connection: close`, for a load balancer to send elsewhere.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // The API takes JSON only: without Fastify's default text/plain parser a text body is a
  // clear 415, not a confusing "expected object, received string".
  app.removeContentTypeParser('text/plain');
  await app.register(jsonBodyPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins first. Compression before anything that answers (@fastify/static included).
  await app.register(compressionPlugin);
  // Helmet's headers are computed once (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          ...(config.walletConnect ? WALLETCONNECT_HOSTS.https : []),
          ...(config.satelliteOrigin ? [config.satelliteOrigin] : []),
        ],
        'frame-ancestors': ["'none'"],
        // The payment widget's iframe: Wert's origin, or the sandbox widget on our own.
        'frame-src': [
          "'self'",
          ...(config.widget.provider === 'wert' ? [config.widget.origin] : []),
          ...(config.walletConnect ? WALLETCONNECT_HOSTS.https : []),
        ],
        // WalletConnect's relay and its QR modal's API, only when the web app offers it.
        'connect-src': [
          "'self'",
          ...(config.walletConnect ? [...WALLETCONNECT_HOSTS.https, ...WALLETCONNECT_HOSTS.wss] : []),
          // The browser PUTs avatars straight to the bucket's presigned URLs (docs/decisions/0040).
          ...(config.s3 ? [config.s3.endpoint ? new URL(config.s3.endpoint).origin : 'https://*.amazonaws.com'] : []),
          // The land map fetches its satellite tiles (maplibre loads raster tiles with fetch).
          ...(config.satelliteOrigin ? [config.satelliteOrigin] : []),
        ],
        // Only ask browsers to upgrade when the site is really served over https.
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Starport API', version: '0.1.0', description:
          'Storefront, marketplace and owned-asset calls. Failures answer `{ error: true, code, msg }`. Any call may answer 503 `UNAVAILABLE` with `Retry-After` while the database connection is lost: its transaction was rolled back, and it may be sent again.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // The app's own plugins.
  const sessions = new SessionService(db, config.jwtAccessSecret);
  await app.register(errorsPlugin);
  await app.register(noStoreCredentialsPlugin);
  await app.register(authPlugin, { sessions });

  // One OrdersService for the routes, payments and the job handlers (composition.ts).
  const orders = buildOrdersService(config, db);
  const worker = new JobWorker(db, buildJobHandlers({ config, mail, orders }), app.log, deps.jobs);
  app.decorate('jobs', worker);
  const wakeJobs = () => worker.wake();
  if (config.runWorkers) {
    app.addHook('onReady', async () => {
      // Recurring jobs are started by whichever process runs jobs (a pending run is left alone).
      await startChainIndexJobs(db, config.chains);
      await startStakingIndexJob(db, config.chains);
      worker.start();
    });
  }
  app.addHook('onClose', async () => worker.stop());

  const accounts = new AccountsService({ db, config, limiter, sessions, wakeJobs });

  app.get('/healthz', { schema: { tags: ['site'], summary: 'Liveness and database check', response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } }, async (_req, reply) => {
    const dbOk = await ping(db);
    return reply.status(dbOk ? 200 : 503).send({ ok: dbOk, db: dbOk });
  });
  await app.register(siteSettingRoutes, { prefix: '/site', db });
  await app.register(resourceRoutes, { prefix: '/api/resource', db });
  await app.register(accountsRoutes, { prefix: '/api/account', accounts, sessions });
  const storage = createObjectStorage({ dataDir: config.dataDir, jwtSecret: config.jwtAccessSecret, s3: config.s3 });
  const profile = new ProfileService({ db, storage, signingKey: uploadSigningKey(config.jwtAccessSecret), limiter });
  await app.register(profileRoutes, { prefix: '/api/account', profile });
  await app.register(creditRoutes, { prefix: '/api/credit', db });
  await app.register(walletRoutes, { wallet: new WalletAuthService({
      db,
      config,
      limiter,
      sessions,
      log: app.log,
      walletLinked: (tx, address) => followLinkedWallet(tx, config.chains, address),
    }) });
  await app.register(contactRoutes, { prefix: '/api/contact', db, config, limiter, wakeJobs });
  await app.register(catalogueRoutes, { prefix: '/api/catalogue', db });
  await app.register(marketplaceRoutes, {
    prefix: '/api/marketplace',
    db,
    unitsChain: config.unitsChain,
    listingHold: (listingId, viewerId) => orders.listingHold(listingId, viewerId),
  });
  const heldUntil = async (listingId: number) => (await orders.listingHold(listingId, null))?.until ?? null;
  await app.register(playerListingRoutes, { prefix: '/api/marketplace', db, heldUntil });
  await app.register(myListingRoutes, { prefix: '/api/my', db, heldUntil });
  await app.register(myAssetsRoutes, {
    prefix: '/api/my',
    db,
    openListings: (ids) => openListingsOf(db, ids),
    // Ships are minted on the NFT chain: its explorer shows their transactions.
    mintTxUrl: (txHash) => explorerTxUrl(chainById(config.chains, config.chains.nftChainId), txHash),
  });
  await app.register(penguinCollectionRoutes, { prefix: '/api/fetch', db });
  await app.register(myPenguinRoutes, { prefix: '/api/my', db });
  await app.register(goalandProgrammeRoutes, { prefix: '/api/fetch', db });
  await app.register(myGoalandRoutes, { prefix: '/api/my', db });
  await app.register(redeemRoutes, { prefix: '/api/my', db, limiter });
  await app.register(shopRoutes, { prefix: '/api/shop', db });
  await app.register(blindBoxRoutes, { prefix: '/api/my/blindboxs', db });
  await app.register(priceRoutes, { prefix: '/api/getprice', db });
  await app.register(stockValidateRoutes, { prefix: '/api/shop_payment', db });
  await app.register(leaderboardsRoutes, { prefix: '/api/leaderboards', db });
  await app.register(ordersRoutes, { prefix: '/api/orders', orders });
  await app.register(myBlindBoxesRoutes, { prefix: '/api/my', db });
  await app.register(referralRoutes, { prefix: '/api/my', db });
  await app.register(historyRoutes, { prefix: '/api/my', db });
  await app.register(ginRoutes, { prefix: '/api/convert/gin', db, chains: config.chains, limiter });
  await app.register(landRoutes, { prefix: '/api/land', db });
  await app.register(topUpTermsRoutes, { prefix: '/api/credit', db });
  await app.register(myLandsRoutes, { prefix: '/api/lands', db });
  await app.register(collectionsRoutes, { prefix: '/api/collections', db });
  await app.register(collectionRoutes, { prefix: '/api/collection', db });
  await app.register(mintingRoutes, { db, chains: config.chains, wakeJobs });
  await app.register(unitWithdrawRoutes, { db, chains: config.chains, wakeJobs });
  await app.register(fairnessRoutes, { prefix: '/api/fairness', db, limiter, rotationsPerHour: config.fairnessRotationsPerHour });
  await app.register(chainPlugin, { chains: config.chains });
  await app.register(paymentsPlugin, { db, orders, card: config.card, widget: config.widget, chains: config.chains, publicUrl: config.publicUrl });
  const staking = new StakingService({ db, chains: config.chains });
  await app.register(stakingRoutes, { prefix: '/api/staking', staking });
  await app.register(assetsNftRoutes, { staking });
  await app.register(nftMetadataRoutes, { prefix: '/api/nft', db, publicUrl: config.publicUrl });
  await app.register(artRoutes, { prefix: ART_PREFIX, cacheDir: path.join(config.dataDir, 'image-cache') });
  if (config.env !== 'production') await app.register(devMailboxRoutes, { prefix: '/dev', db });
  if (config.serveWeb) {
    // The marketplace page names its first picture for the browser to fetch at once (decision 0065).
    const facts: PageFacts = {
      homeVersion: () => getHomeVersionRecent(db, PAGE_FACTS_TTL_MS),
      firstMarketPicture: cachedFor(PAGE_FACTS_TTL_MS, () => firstListedPicture(db)),
    };
    await app.register(staticWebPlugin, config.webDistDir ? { root: config.webDistDir, facts } : { facts });
  }

  return app;
}
