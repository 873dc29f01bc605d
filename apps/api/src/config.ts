import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { chainById, parseChainsConfig, type ChainsConfig } from './chain/chain-config.ts';
import type { S3Settings } from './lib/object-storage/index.ts';
import { keptSecret, type GeneratedSecretName } from './secrets/secret-files.ts';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  /** Where players reach the site; every link in an e-mail is built from it, never from Host. */
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Starport <no-reply@starport.local>'),
  /** Where contact-form messages are sent. */
  OPERATOR_EMAIL: z.email().default('operator@starport.local'),
  REDIS_URL: z.url().optional(),
  /** Keeps two deployments that share one Redis apart: every key starts with it. */
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1–64 letters, digits or : _ . -').default('starport:'),
  /** Most connections this process opens to PostgreSQL (each API copy and each worker has its own pool). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(20),
  JWT_ACCESS_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built SPA from apps/web/dist (off for `npm run dev`, where Vite serves it). */
  SERVE_WEB: z.enum(['0', '1']).default('1'),
  /** Where the built SPA is (default apps/web/dist); lets parallel builds and tests keep their own. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Run job workers inside the API process (the embedded default). */
  RUN_WORKERS: z.enum(['0', '1']).default('1'),
  /** Seed demo accounts on first start (the embedded default only). */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** The chain the container-house pieces (ERC1155) live on, as players see it. */
  UNITS_CHAIN_NAME: z.string().min(1).max(40).default('Base'),
  /** The units' ERC1155 contract; unset until it is deployed, and the unit page says so. */
  UNITS_CONTRACT_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits').optional(),
  /** Block explorer of that chain (e.g. https://basescan.org); addresses link to {url}/address/{address}. */
  CHAIN_EXPLORER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long a payment session holds the stock it reserved before the order expires. */
  ORDER_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Most unpaid orders (each holding stock) a player may have at once; one more checkout is a 409. */
  ORDER_MAX_PENDING: z.coerce.number().int().min(1).max(1000).default(10),
  /** How many times an hour a player may end a fairness seed pair (each one is a row kept for verification). */
  FAIRNESS_ROTATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Stripe's secret API key (sk_…); with STRIPE_WEBHOOK_SECRET, card payments go to Stripe. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)').optional(),
  /** The signing secret (whsec_…) of the webhook endpoint {PUBLIC_URL}/api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  /** Which card provider runs: default stripe with keys, else the sandbox (off in production). */
  CARD_PROVIDER: z.enum(['stripe', 'sandbox', 'off']).optional(),
  /** Wert's partner id; with WERT_PRIVATE_KEY (and the WERT_* below), widget payments go to Wert. */
  WERT_PARTNER_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the partner id Wert gave you').optional(),
  /** The Ed25519 key (64 hex digits, 0x optional) that signs the widget's smart-contract data. */
  WERT_PRIVATE_KEY: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be 64 hex digits (0x optional)').optional(),
  /** Our secret in the webhook address set in Wert's dashboard: {PUBLIC_URL}/api/wert/webhook/{secret}. */
  WERT_WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24–128 letters, digits, _ or -').optional(),
  /** Wert's Data API key: every completed order is confirmed with Wert before it counts as paid. */
  WERT_API_KEY: z.string().min(8).max(256).optional(),
  /** The widget's origin: https://widget.wert.io, or https://sandbox.wert.io for Wert's own sandbox. */
  WERT_ORIGIN: z.url({ protocol: /^https$/ }).default('https://widget.wert.io'),
  /** The Data API's origin; default follows WERT_ORIGIN (partner-sandbox.wert.io for Wert's sandbox). */
  WERT_DATA_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The USD stablecoin Wert delivers to our contract: the amount is our order total, 1:1. */
  WERT_COMMODITY: z.enum(['USDC', 'USDT']).default('USDC'),
  /** Wert's network name for it (e.g. base, polygon, ethereum). */
  WERT_NETWORK: z.string().regex(/^[a-z0-9_-]{2,32}$/).default('base'),
  /** Our payment contract, which Wert calls with payOrder(bytes32 orderCode, uint256 amount). */
  WERT_SC_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits').optional(),
  /** Which widget provider runs: default wert with its keys, else the sandbox (off in production). */
  WIDGET_PROVIDER: z.enum(['wert', 'sandbox', 'off']).optional(),
  /** WalletConnect's project id. The web app reads it when it is built; the server only opens its CSP to WalletConnect's hosts. */
  VITE_WALLETCONNECT_PROJECT_ID: z.string().regex(/^[A-Za-z0-9]{8,64}$/, 'must be the project id from WalletConnect (Reown) Cloud').optional(),
  /** The land map's satellite tiles (a URL template). The web app reads it when it is built; the server only opens its CSP to that origin. */
  VITE_SATELLITE_TILES: z.url({ protocol: /^https?$/, error: 'must be an http(s) tile URL template with {z}, {x} and {y}' }).optional(),
  /** An S3-compatible bucket for uploads and avatars (docs/decisions/0040); unset: files under DATA_DIR. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** 1 for MinIO-style servers that want the bucket in the path. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  operatorEmail: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  databasePoolMax: number;
  jwtAccessSecret: Uint8Array;
  logLevel: string;
  serveWeb: boolean;
  webDistDir?: string;
  runWorkers: boolean;
  seedDemo: boolean;
  unitsChain: UnitsChainConfig;
  orderReservationMinutes: number;
  orderMaxPending: number;
  fairnessRotationsPerHour: number;
  card: CardProviderConfig;
  widget: WidgetProviderConfig;
  /** EVM chains, USDC payments and the local anvil (chain-config.ts) */
  chains: ChainsConfig;
  /** the web app offers WalletConnect (VITE_WALLETCONNECT_PROJECT_ID is set) */
  walletConnect: boolean;
  /** the origin of the land map's satellite tiles (VITE_SATELLITE_TILES), which the CSP lets images come from */
  satelliteOrigin?: string;
  /** S3 settings when S3_BUCKET is set; else uploads live under DATA_DIR/objects */
  s3?: S3Settings;
  /**
   * Generated secrets this configuration still waits for: on PostgreSQL they live in the
   * database, shared by every copy (secrets/generated-secrets.ts fills them in once it is
   * open); until then their fields hold empty placeholders, which buildApp refuses.
   */
  pendingSecrets: GeneratedSecretName[];
};

/**
 * The card provider (docs/decisions/0015): Stripe when its keys are set; otherwise the sandbox,
 * which serves its own hosted checkout and signs its webhooks with a generated secret. A
 * production server without keys takes no card payments unless CARD_PROVIDER=sandbox says so.
 */
export type CardProviderConfig =
  | { provider: 'stripe'; secretKey: string; webhookSecret: string }
  | { provider: 'sandbox'; webhookSecret: string }
  | { provider: 'off' };

/**
 * The fiat-to-crypto widget (docs/decisions/0016): Wert when its keys are set; otherwise the
 * sandbox, which serves a widget page of its own at {PUBLIC_URL}/sandbox/wert and signs with a
 * generated key. A production server without keys has no widget unless WIDGET_PROVIDER=sandbox.
 */
export type WidgetSetup = {
  partnerId: string;
  /** the Ed25519 seed (hex) signSmartContractData signs with */
  privateKey: string;
  /** the last segment of the webhook address */
  webhookSecret: string;
  /** where the browser's widget loads from (WertWidget's `origin`) */
  origin: string;
  commodity: 'USDC' | 'USDT';
  network: string;
  scAddress: string;
};
export type WidgetProviderConfig =
  | ({ provider: 'wert'; apiKey: string; dataApiUrl: string } & WidgetSetup)
  | ({ provider: 'sandbox' } & WidgetSetup)
  | { provider: 'off' };

/** Where the container-house pieces live on chain; address and explorer stay unset until deployed. */
export type UnitsChainConfig = { name: string; contractAddress: string | null; explorerUrl: string | null };

export class ConfigError extends Error {}

/** Parses the environment once; a bad key stops the process with the list of bad keys. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO=) means "not set", as in most shells' habits.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const keys = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${keys.join('\n  ')}`);
  }
  const e = parsed.data;
  const chains = parseChainsConfig(set as Record<string, string>, e.NODE_ENV);
  if ('problems' in chains) throw new ConfigError(`Invalid configuration:\n  ${chains.problems.join('\n  ')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  const card = cardProvider(e);
  const widget = widgetProvider(e, publicUrl);
  const pendingSecrets: GeneratedSecretName[] = [
    ...(e.JWT_ACCESS_SECRET ? [] : ['jwt-access' as const]),
    ...(card.provider === 'sandbox' ? ['sandbox-stripe-webhook' as const] : []),
    ...(widget.provider === 'sandbox' ? ['sandbox-wert-key' as const, 'sandbox-wert-webhook' as const] : []),
  ];
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    operatorEmail: e.OPERATOR_EMAIL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    databasePoolMax: e.DATABASE_POOL_MAX,
    jwtAccessSecret: new TextEncoder().encode(e.JWT_ACCESS_SECRET ?? ''),
    logLevel: e.LOG_LEVEL,
    serveWeb: e.SERVE_WEB === '1',
    ...(e.WEB_DIST_DIR ? { webDistDir: e.WEB_DIST_DIR } : {}),
    runWorkers: e.RUN_WORKERS === '1',
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : !e.DATABASE_URL && e.NODE_ENV !== 'production',
    unitsChain: unitsChain(e, chains.config),
    orderReservationMinutes: e.ORDER_RESERVATION_MINUTES,
    orderMaxPending: e.ORDER_MAX_PENDING,
    fairnessRotationsPerHour: e.FAIRNESS_ROTATIONS_PER_HOUR,
    card,
    widget,
    chains: chains.config,
    walletConnect: Boolean(e.VITE_WALLETCONNECT_PROJECT_ID),
    ...(e.VITE_SATELLITE_TILES ? { satelliteOrigin: new URL(e.VITE_SATELLITE_TILES).origin } : {}),
    ...s3Settings(e),
    pendingSecrets,
  };
  // The embedded database is one process's: its secrets stay in DATA_DIR/secrets, read now.
  return e.DATABASE_URL ? config : withGeneratedSecrets(config, (name) => keptSecret(dataDir, name));
}

/**
 * The configuration with its generated secrets filled in, each turned into what uses it: the
 * JWT key, the sandbox's Stripe-style webhook secret, the sandbox widget's Ed25519 seed (any
 * 32 bytes: the hash of the kept secret) and its webhook address segment.
 */
export function withGeneratedSecrets(config: Config, secret: (name: GeneratedSecretName) => string): Config {
  const pending = new Set(config.pendingSecrets);
  const { card, widget } = config;
  return {
    ...config,
    jwtAccessSecret: pending.has('jwt-access') ? new TextEncoder().encode(secret('jwt-access')) : config.jwtAccessSecret,
    card: card.provider === 'sandbox' && pending.has('sandbox-stripe-webhook') ? { ...card, webhookSecret: `whsec_${secret('sandbox-stripe-webhook')}` } : card,
    widget:
      widget.provider === 'sandbox' && pending.has('sandbox-wert-key')
        ? {
            ...widget,
            privateKey: createHash('sha256').update(secret('sandbox-wert-key')).digest('hex'),
            webhookSecret: secret('sandbox-wert-webhook'),
          }
        : widget,
    pendingSecrets: [],
  };
}

/**
 * The units' chain as players see it: the configured chain of UNITS_CHAIN_ID when there is one
 * (its name, HOUSE_UNITS contract and explorer), else the older UNITS_* variables. The local
 * chain replaces it once anvil runs (chain/local-chain-config.ts).
 */
function unitsChain(e: z.infer<typeof EnvSchema>, chains: ChainsConfig): UnitsChainConfig {
  const chain = chains.local ? undefined : chainById(chains, chains.unitsChainId);
  return {
    name: chain?.name ?? e.UNITS_CHAIN_NAME,
    contractAddress: chain?.contracts.houseUnits ?? e.UNITS_CONTRACT_ADDRESS ?? null,
    explorerUrl: chain?.explorerUrl ?? (e.CHAIN_EXPLORER_URL ? e.CHAIN_EXPLORER_URL.replace(/\/+$/, '') : null),
  };
}

function cardProvider(e: z.infer<typeof EnvSchema>): CardProviderConfig {
  const keys = e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET } : null;
  if (!keys && (e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET))
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all');
  const provider = e.CARD_PROVIDER ?? (keys ? 'stripe' : e.NODE_ENV === 'production' ? 'off' : 'sandbox');
  if (provider === 'stripe') {
    if (!keys) throw new ConfigError('Invalid configuration:\n  CARD_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return { provider, ...keys };
  }
  // The sandbox must never stand in for a configured Stripe account: it would hand out goods for free.
  if (provider === 'sandbox' && keys) throw new ConfigError('Invalid configuration:\n  CARD_PROVIDER=sandbox while Stripe keys are set');
  if (provider === 'off') return { provider };
  return { provider, webhookSecret: '' }; // generated: withGeneratedSecrets
}

/** The sandbox widget's partner id and contract: placeholders, never a real account or contract. */
export const SANDBOX_WERT_PARTNER_ID = 'starport-sandbox';
export const SANDBOX_WERT_SC_ADDRESS = '0x000000000000000000000000000000000000c0de';

function widgetProvider(e: z.infer<typeof EnvSchema>, publicUrl: string): WidgetProviderConfig {
  const bad = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  const keys = e.WERT_PARTNER_ID && e.WERT_PRIVATE_KEY ? { partnerId: e.WERT_PARTNER_ID, privateKey: e.WERT_PRIVATE_KEY } : null;
  if (!keys && (e.WERT_PARTNER_ID || e.WERT_PRIVATE_KEY)) throw bad('WERT_PARTNER_ID and WERT_PRIVATE_KEY are set together or not at all');
  const provider = e.WIDGET_PROVIDER ?? (keys ? 'wert' : e.NODE_ENV === 'production' ? 'off' : 'sandbox');
  const common = { commodity: e.WERT_COMMODITY, network: e.WERT_NETWORK };
  if (provider === 'wert') {
    // Wert's webhooks are not signed: the secret address and the Data API check stand in (0016).
    const missing = ['WERT_PARTNER_ID', 'WERT_PRIVATE_KEY', 'WERT_SC_ADDRESS', 'WERT_WEBHOOK_SECRET', 'WERT_API_KEY'].filter(
      (k) => !e[k as keyof typeof e],
    );
    if (!keys || missing.length) throw bad(`WIDGET_PROVIDER=wert needs ${missing.join(', ')}`);
    const sandboxed = new URL(e.WERT_ORIGIN).hostname === 'sandbox.wert.io';
    return {
      provider,
      ...keys,
      ...common,
      webhookSecret: e.WERT_WEBHOOK_SECRET!,
      apiKey: e.WERT_API_KEY!,
      origin: e.WERT_ORIGIN.replace(/\/+$/, ''),
      dataApiUrl: (e.WERT_DATA_API_URL ?? (sandboxed ? 'https://partner-sandbox.wert.io' : 'https://partner.wert.io')).replace(/\/+$/, ''),
      scAddress: e.WERT_SC_ADDRESS!,
    };
  }
  // As with cards: the sandbox pays for nothing, so it never stands in for a configured Wert account.
  if (provider === 'sandbox' && keys) throw bad('WIDGET_PROVIDER=sandbox while Wert keys are set');
  if (provider === 'off') return { provider };
  return {
    provider,
    ...common,
    partnerId: SANDBOX_WERT_PARTNER_ID,
    // generated, so they survive restarts: withGeneratedSecrets
    privateKey: '',
    webhookSecret: '',
    origin: `${publicUrl}/sandbox/wert`,
    scAddress: SANDBOX_WERT_SC_ADDRESS,
  };
}

/** S3_BUCKET turns the bucket on; its keys must then be set too. */
function s3Settings(e: z.infer<typeof EnvSchema>): { s3?: S3Settings } {
  if (!e.S3_BUCKET) return {};
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return {
    s3: {
      bucket: e.S3_BUCKET,
      ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
    },
  };
}
