import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  /** Stripe's secret API key (sk_…); with STRIPE_WEBHOOK_SECRET, card payments go to Stripe. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)').optional(),
  /** The signing secret (whsec_…) of the webhook endpoint {PUBLIC_URL}/api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  /** Which card provider runs: default stripe with keys, else the sandbox (off in production). */
  CARD_PROVIDER: z.enum(['stripe', 'sandbox', 'off']).optional(),
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
  jwtAccessSecret: Uint8Array;
  logLevel: string;
  serveWeb: boolean;
  webDistDir?: string;
  runWorkers: boolean;
  seedDemo: boolean;
  unitsChain: UnitsChainConfig;
  orderReservationMinutes: number;
  card: CardProviderConfig;
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
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
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
    jwtAccessSecret: new TextEncoder().encode(e.JWT_ACCESS_SECRET ?? keptSecret(dataDir, 'jwt-access')),
    logLevel: e.LOG_LEVEL,
    serveWeb: e.SERVE_WEB === '1',
    ...(e.WEB_DIST_DIR ? { webDistDir: e.WEB_DIST_DIR } : {}),
    runWorkers: e.RUN_WORKERS === '1',
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : !e.DATABASE_URL && e.NODE_ENV !== 'production',
    unitsChain: {
      name: e.UNITS_CHAIN_NAME,
      contractAddress: e.UNITS_CONTRACT_ADDRESS ?? null,
      explorerUrl: e.CHAIN_EXPLORER_URL ? e.CHAIN_EXPLORER_URL.replace(/\/+$/, '') : null,
    },
    orderReservationMinutes: e.ORDER_RESERVATION_MINUTES,
    card: cardProvider(e, dataDir),
  };
}

function cardProvider(e: z.infer<typeof EnvSchema>, dataDir: string): CardProviderConfig {
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
  return { provider, webhookSecret: `whsec_${keptSecret(dataDir, 'sandbox-stripe-webhook')}` };
}

/**
 * A secret generated on first start and kept in DATA_DIR, so sessions survive restarts
 * without anyone having to configure one. Several copies behind a balancer must set it.
 */
function keptSecret(dataDir: string, name: string): string {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process (a test worker, a second copy) wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  }
  return secret;
}
