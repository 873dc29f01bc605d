// Over 300 lines: one table of every JSON call and its bad bodies, driven by one fast-check harness.
/**
 * QUALITY.md "Bad input": every JSON call answers malformed, oversized, wrong-typed or missing
 * input with a 4xx and a clear `msg`, never a 5xx. fast-check drives the schemas.
 */
import {
  ChangePasswordBodySchema,
  ClientSeedBodySchema,
  ContactBodySchema,
  CryptoStatusBodySchema,
  CryptoVerifyBodySchema,
  GetPriceBodySchema,
  ItemCryptoBodySchema,
  ListingCryptoBodySchema,
  ForgotBodySchema,
  LinkEmailBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  RefreshBodySchema,
  RegistryBodySchema,
  ResetPasswordBodySchema,
  ShopCryptoBodySchema,
  StockValidateBodySchema,
  StripeBuyBodySchema,
  ConnectWalletBodySchema,
  ConnectWalletNonceBodySchema,
  WalletSignatureBodySchema,
  TopUpBodySchema,
  TopUpStatusBodySchema,
} from '@starport/schemas';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RateLimiter } from '../src/lib/rate-limiter.ts';
import { SessionService } from '../src/modules/accounts/index.ts';
import {
  ItemStatusBodySchema,
  ItemWidgetBodySchema,
  ShopLogBodySchema,
  ShopStatusBodySchema,
  ShopWidgetBodySchema,
  AvatarBodySchema,
  AvatarSignUrlBodySchema,
  ChangeAvatarBodySchema,
  ChangeProfileBodySchema,
} from '@starport/schemas';
import { MALFORMED_UNICODE_MESSAGE } from '../src/plugins/json-body.ts';
import { bearer, createTestApp, type TestApp } from './harness.ts';

const NUM_RUNS = 40;
const BODY_LIMIT = 256 * 1024;

/** Rate limits would turn later runs into 429s and hide what the handlers do with the input. */
const allowAll: RateLimiter = {
  hit: async () => ({ allowed: true, retryAfterSeconds: 1 }),
  remember: async () => {},
  remembers: async () => false,
  close: async () => {},
};

type Endpoint = {
  url: string;
  /** what the route validates the body with: garbage it rejects must never succeed */
  schema: z.ZodType;
  keys: string[];
  valid: Record<string, unknown>;
  auth?: 'password-user' | 'wallet-user';
  method?: 'POST' | 'PUT' | 'PATCH';
};

const LINES = [{ id: '1', object: 'spaceship', total: 1 }];
const TID = 'SP-0000000000';
const CRYPTO_TID = 'cp_000000000000000000000000';
const TXH = `0x${'ab'.repeat(32)}`;
/**
 * Crypto payments set up (otherwise opening one is a 503), on a chain nobody is asked about:
 * the fuzzed player has no linked wallet, so a valid body stops at the 409 before any RPC.
 */
const CRYPTO_ENV = {
  LOCAL_CHAIN: '0',
  CHAIN_IDS: '31337',
  CHAIN_31337_RPC_URL: 'http://127.0.0.1:9',
  CHAIN_31337_USDC: `0x${'11'.repeat(20)}`,
  PAYMENT_CHAIN_ID: '31337',
  PAYMENT_RECIPIENT: `0x${'22'.repeat(20)}`,
};

const ENDPOINTS: Endpoint[] = [
  { url: '/api/account/registry', schema: RegistryBodySchema, keys: ['username', 'email', 'password', 'wallet_ref'], valid: { username: 'fuzz_new', email: 'fuzz.new@example.com', password: 'fuzz-password-2' } },
  { url: '/api/account/login', schema: LoginBodySchema, keys: ['email', 'password', 'remember'], valid: { email: 'fuzz_user', password: 'wrong-password', remember: true } },
  { url: '/api/account/forgot', schema: ForgotBodySchema, keys: ['email'], valid: { email: 'fuzz.user@example.com' } },
  { url: '/api/account/reset_password', schema: ResetPasswordBodySchema, keys: ['password', 'secret_key'], valid: { password: 'fuzz-password-3', secret_key: 'A'.repeat(43) } },
  { url: '/api/account/change_password', schema: ChangePasswordBodySchema, keys: ['old', 'new'], valid: { old: 'not-the-password', new: 'fuzz-password-4' }, auth: 'password-user' },
  { url: '/api/account/refresh_token', schema: RefreshBodySchema, keys: ['refresh_token'], valid: { refresh_token: 'B'.repeat(43) } },
  // The body is optional: no body, null or {} all mean "end the session of the bearer token".
  { url: '/api/account/logout', schema: LogoutBodySchema.nullish(), keys: ['refresh_token'], valid: { refresh_token: 'C'.repeat(43) } },
  { url: '/api/account/link_email', schema: LinkEmailBodySchema, keys: ['email', 'password'], valid: { email: 'fuzz.wallet@example.com', password: 'fuzz-password-5' }, auth: 'wallet-user' },
  { url: '/api/contact', schema: ContactBodySchema, keys: ['name', 'email', 'message'], valid: { name: 'Fuzz', email: 'fuzz@example.com', message: 'Hello' } },
  // Cart, orders and payments: the browser's figures and reports are input like any other.
  { url: '/api/getprice', schema: GetPriceBodySchema, keys: ['items'], valid: { items: LINES } },
  { url: '/api/shop_payment/stock_validate', schema: StockValidateBodySchema, keys: ['ids'], valid: { ids: LINES } },
  { url: '/api/stripe/buy', schema: StripeBuyBodySchema, keys: ['ids', 'type', 'items', 'price', 'collection'], valid: { ids: LINES, type: 2 }, auth: 'password-user' },
  { url: '/api/shop_payment/wertio', schema: ShopWidgetBodySchema, keys: ['ids'], valid: { ids: LINES }, auth: 'password-user' },
  { url: '/api/payment/wertio', schema: ItemWidgetBodySchema, keys: ['id', 'object'], valid: { id: '1' }, auth: 'password-user' },
  { url: '/api/shop_payment/status', method: 'PATCH', schema: ShopStatusBodySchema, keys: ['tid', 'status', 'payload', 'step', 'content'], valid: { tid: TID, status: 1, step: 'WERT_PENDING' }, auth: 'password-user' },
  { url: '/api/payment/status', method: 'PATCH', schema: ItemStatusBodySchema, keys: ['tid', 'status', 'payload'], valid: { tid: TID, status: 1 }, auth: 'password-user' },
  { url: '/api/shop_payment/log', schema: ShopLogBodySchema, keys: ['tid', 'event', 'payload'], valid: { tid: TID, event: 'loaded' }, auth: 'password-user' },
  // Crypto payments: quotes, the reported transaction, and the browser's step reports.
  { url: '/api/shop_payment/eth_crypto', schema: ShopCryptoBodySchema, keys: ['ids'], valid: { ids: LINES }, auth: 'password-user' },
  { url: '/api/payment/eth_crypto', schema: ItemCryptoBodySchema, keys: ['id', 'object'], valid: { id: '1', object: 'spaceship' }, auth: 'password-user' },
  { url: '/api/marketplace/buy_session', schema: ListingCryptoBodySchema, keys: ['id'], valid: { id: '1' }, auth: 'password-user' },
  { url: '/api/shop_payment/eth_crypto/verify', schema: CryptoVerifyBodySchema, keys: ['tid', 'txh', 'from_wallet'], valid: { tid: CRYPTO_TID, txh: TXH }, auth: 'password-user' },
  { url: '/api/payment/eth_crypto/verify', schema: CryptoVerifyBodySchema, keys: ['tid', 'txh', 'from_wallet'], valid: { tid: CRYPTO_TID, txh: TXH }, auth: 'password-user' },
  { url: '/api/marketplace/buy_session/verify', schema: CryptoVerifyBodySchema, keys: ['tid', 'txh', 'from_wallet'], valid: { tid: CRYPTO_TID, txh: TXH, from_wallet: `0x${'33'.repeat(20)}` }, auth: 'password-user' },
  { url: '/api/payment/eth_crypto/status', schema: CryptoStatusBodySchema, keys: ['tid', 'step', 'payload', 'result', 'content'], valid: { tid: CRYPTO_TID, step: 20, content: 'dialog opened' }, auth: 'password-user' },
  // Land-credit top-ups (docs/api-land-credit.md): the three openings, the widget's report and the land page's crypto steps.
  { url: '/api/stripe/buyTopup', schema: TopUpBodySchema, keys: ['quantity'], valid: { quantity: 3 }, auth: 'password-user' },
  { url: '/api/credit/payment/wertio', schema: TopUpBodySchema, keys: ['quantity'], valid: { quantity: 3 }, auth: 'password-user' },
  { url: '/api/credit/payment/eth_crypto', schema: TopUpBodySchema, keys: ['quantity'], valid: { quantity: 3 }, auth: 'password-user' },
  { url: '/api/credit/payment_status', method: 'PATCH', schema: TopUpStatusBodySchema, keys: ['tid', 'status', 'payload'], valid: { tid: TID, status: 1 }, auth: 'password-user' },
  { url: '/api/credit/payment/eth_crypto/verify', schema: CryptoVerifyBodySchema, keys: ['tid', 'txh', 'from_wallet'], valid: { tid: CRYPTO_TID, txh: TXH }, auth: 'password-user' },
  { url: '/api/land/payment/eth_crypto/status', schema: CryptoStatusBodySchema, keys: ['tid', 'step', 'payload', 'result', 'content'], valid: { tid: CRYPTO_TID, step: 12, content: 'User close browser' }, auth: 'password-user' },
  // Wallet sign-in and linking: a valid-looking body finds no message waiting (401) or issues a link nonce.
  { url: `/api/web3_login/0x${'44'.repeat(20)}/signature`, schema: WalletSignatureBodySchema, keys: ['signature', 'message', 'wallet_ref'], valid: { signature: `0x${'00'.repeat(65)}`, wallet_ref: 'fuzz' } },
  { url: '/api/account/connect_wallet/nonce', schema: ConnectWalletNonceBodySchema, keys: ['wallet'], valid: { wallet: `0x${'55'.repeat(20)}` }, auth: 'password-user' },
  { url: '/api/account/connect_wallet', schema: ConnectWalletBodySchema, keys: ['wallet', 'signature', 'message'], valid: { wallet: `0x${'55'.repeat(20)}`, signature: `0x${'00'.repeat(65)}` }, auth: 'password-user' },
  // Change Profile (docs/api-profile.md): a valid-looking key finds no upload (404).
  { url: '/api/account/avatar/sign_url', schema: AvatarSignUrlBodySchema, keys: ['file_name'], valid: { file_name: 'me.png' }, auth: 'password-user' },
  { url: '/api/account/avatar', schema: AvatarBodySchema, keys: ['key'], valid: { key: `avatar-uploads/${'0'.repeat(32)}` }, auth: 'password-user' },
  { url: '/api/account/change_avatar', schema: ChangeAvatarBodySchema, keys: ['key'], valid: { key: `avatar-uploads/${'0'.repeat(32)}` }, auth: 'password-user' },
  { url: '/api/account/change_profile', schema: ChangeProfileBodySchema, keys: ['username', 'avatar'], valid: { username: 'fuzz_renamed', avatar: null }, auth: 'password-user' },
  { url: '/api/fairness/client_seed', method: 'PUT', schema: ClientSeedBodySchema, keys: ['client_seed'], valid: { client_seed: 'fuzz-seed' }, auth: 'password-user' },
];

/** A string up to 300 KB, of ASCII or of any Unicode (lone surrogates included). */
const hugeString = fc
  .tuple(fc.string({ minLength: 1, maxLength: 8, unit: 'binary' }), fc.integer({ min: 1_000, max: 300_000 }))
  .map(([seed, length]) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length));

/** A value of any JSON type, small or huge. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 300 }), weight: 3 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('')), weight: 3 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.object({ maxDepth: 1 }), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);

/** Garbage shaped like the endpoint's body: its keys with wrong values, missing keys, extra keys. */
function bodies(e: Endpoint): fc.Arbitrary<unknown> {
  const ownKeys = fc.dictionary(fc.constantFrom(...e.keys), anyValue, { maxKeys: e.keys.length });
  const mutated = fc
    .record({ key: fc.oneof(fc.constantFrom(...e.keys), fc.string({ maxLength: 20 })), value: anyValue, drop: fc.boolean() })
    .map(({ key, value, drop }) => {
      const copy: Record<string, unknown> = { ...e.valid };
      if (drop && key in copy) delete copy[key];
      else copy[key] = value;
      return copy;
    });
  return fc.oneof(
    { arbitrary: fc.anything({ maxDepth: 2 }), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
    { arbitrary: fc.object({ maxDepth: 2 }), weight: 1 },
    { arbitrary: ownKeys, weight: 3 },
    { arbitrary: mutated, weight: 3 },
    { arbitrary: fc.record({ [e.keys[0]!]: hugeString }), weight: 1 },
  );
}

/** "a" NUL "b": PostgreSQL refuses the NUL character in text and jsonb (22021 / 22P05). */
const WITH_NUL = 'a\u0000b';

/**
 * The endpoint's valid body with a NUL put in one place at a time: each string inside it (array
 * items included), and each of its keys as a string, as an object holding one (a jsonb payload)
 * and as an object whose key holds one.
 */
function bodiesWithNul(e: Endpoint): Record<string, unknown>[] {
  const variants: unknown[] = [];
  const visit = (value: unknown, put: (v: unknown) => unknown): void => {
    if (typeof value === 'string') variants.push(put(value + WITH_NUL));
    else if (Array.isArray(value)) value.forEach((item, i) => visit(item, (v) => put(value.map((old, j) => (j === i ? v : old)))));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) visit(inner, (v) => put({ ...value, [key]: v }));
    }
  };
  visit(e.valid, (v) => v);
  for (const key of e.keys) variants.push(...[WITH_NUL, { x: WITH_NUL }, { [WITH_NUL]: 1 }].map((v) => ({ ...e.valid, [key]: v })));
  return variants as Record<string, unknown>[];
}

function expectEnvelope(res: LightMyRequestResponse, what: string): { code: string; msg: string } {
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const json = res.json() as { error?: unknown; code?: unknown; msg?: unknown };
  expect(json.error, what).toBe(true);
  expect(typeof json.code, what).toBe('string');
  expect(typeof json.msg, what).toBe('string');
  expect((json.msg as string).trim().length, what).toBeGreaterThan(0);
  expect(json.msg as string, what).not.toMatch(/\bat \S+\.(ts|js):\d+|stack|SELECT |violates/i);
  return json as { code: string; msg: string };
}

describe('bad input on every JSON call', () => {
  let t: TestApp;
  const tokens: Record<NonNullable<Endpoint['auth']>, string> = { 'password-user': '', 'wallet-user': '' };

  beforeAll(async () => {
    t = await createTestApp({ limiter: allowAll, env: CRYPTO_ENV });
    await t.createUser({ username: 'fuzz_user', email: 'fuzz.user@example.com', password: 'fuzz-password-1' });
    tokens['password-user'] = (await t.login('fuzz_user', 'fuzz-password-1')).access_token;
    // A wallet account (no e-mail, no password) signs in by wallet; start its session directly.
    const walletUser = await t.createUser({ username: 'fuzz_wallet', email: null, wallet: '0x000000000000000000000000000000000000f022' });
    tokens['wallet-user'] = (await new SessionService(t.database.db, t.config.jwtAccessSecret).start(walletUser, true)).access_token;
    for (const token of Object.values(tokens)) {
      expect((await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const post = (e: Endpoint, payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: e.method ?? 'POST',
      url: e.url,
      payload,
      headers: { 'content-type': contentType, ...(e.auth ? bearer(tokens[e.auth]) : {}) },
    });

  for (const e of ENDPOINTS) {
    it(`${e.method ?? 'POST'} ${e.url}: arbitrary JSON answers 4xx with { error, code, msg }, never 5xx`, { timeout: 180_000 }, async () => {
      const seen = { rejected: 0, accepted: 0, tooLarge: 0 };
      await fc.assert(
        fc.asyncProperty(bodies(e), async (value) => {
          const text = JSON.stringify(value) ?? 'null';
          const onTheWire: unknown = JSON.parse(text);
          const accepted = e.schema.safeParse(onTheWire).success;
          const res = await post(e, text);
          const what = `${e.url} ${res.statusCode} ${text.slice(0, 200)} → ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (Buffer.byteLength(text) > BODY_LIMIT) {
            seen.tooLarge++;
            expect(res.statusCode, what).toBe(413);
          }
          if (!accepted) {
            seen.rejected++;
            expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          } else seen.accepted++;
          if (res.statusCode >= 400) expectEnvelope(res, what);
          else expect(res.json(), what).toMatchObject({ error: false });
        }),
        { numRuns: NUM_RUNS },
      );
      // The property really ran on garbage (logout accepts {} and null, so it sees fewer).
      expect(seen.rejected).toBeGreaterThan(NUM_RUNS / 4);
    });
  }

  it('a NUL character in any string field answers 4xx, never 5xx', { timeout: 120_000 }, async () => {
    const serverErrors: string[] = [];
    for (const e of ENDPOINTS) {
      for (const value of bodiesWithNul(e)) {
        const text = JSON.stringify(value);
        const res = await post(e, text);
        const what = `${e.url} ${text.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) serverErrors.push(what);
        else if (res.statusCode >= 400) expectEnvelope(res, what);
      }
    }
    expect(serverErrors).toEqual([]);
  });

  it('a lone UTF-16 surrogate in any string or key answers 400 with one sentence', { timeout: 120_000 }, async () => {
    const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
    // An index, not the endpoint, so that a counterexample prints short.
    const endpoint = fc.nat({ max: ENDPOINTS.length - 1 });
    // The surrogate goes into a value or a key, at the top of the body or inside an object it holds.
    const placed = fc.record({ e: endpoint, half: loneSurrogate, text: fc.string({ maxLength: 8 }), where: fc.constantFrom('value', 'key', 'nested value', 'nested key') });
    await fc.assert(
      fc.asyncProperty(placed, fc.nat(), async ({ e: index, half, text, where }, pick) => {
        const e = ENDPOINTS[index]!;
        const key = e.keys[pick % e.keys.length]!;
        const odd = text + half;
        const value =
          where === 'value' ? { ...e.valid, [key]: odd }
          : where === 'key' ? { ...e.valid, [odd]: 1 }
          : where === 'nested value' ? { ...e.valid, [key]: { x: [odd] } }
          : { ...e.valid, [key]: { [odd]: 1 } };
        // JSON.stringify writes a lone surrogate as a \uXXXX escape: the body is ASCII on the wire.
        const res = await post(e, JSON.stringify(value));
        const what = `${e.url} ${where} ${JSON.stringify(odd)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toEqual({ error: true, code: 'BAD_REQUEST', msg: MALFORMED_UNICODE_MESSAGE });
      }),
      { numRuns: NUM_RUNS * 4 },
    );
  });

  it('a body that is not JSON answers 400 "The request body is not valid JSON."', async () => {
    for (const e of ENDPOINTS) {
      for (const text of ['{"email":', "{'email': 'a@b.c'}", '[1,]', 'undefined', '{"a":1}}', '\u0000', '{"__proto__":{"admin":true}}']) {
        const res = await post(e, text);
        const what = `${e.url} ${JSON.stringify(text)} → ${res.body}`;
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toEqual({ error: true, code: 'BAD_REQUEST', msg: 'The request body is not valid JSON.' });
      }
    }
  });

  it('a body over 256 KB answers 413', async () => {
    for (const e of ENDPOINTS) {
      const res = await post(e, JSON.stringify({ ...e.valid, [e.keys[0]!]: 'x'.repeat(BODY_LIMIT) }));
      expect(res.statusCode, e.url).toBe(413);
      expect(res.json(), e.url).toEqual({ error: true, code: 'BAD_REQUEST', msg: 'The request body is too large.' });
    }
  });

  it('a body that is not sent as JSON answers 415', async () => {
    for (const e of ENDPOINTS) {
      for (const [type, payload] of [
        ['text/plain', JSON.stringify(e.valid)],
        ['application/x-www-form-urlencoded', 'email=a%40b.c&password=12345678'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--'],
        ['application/xml', '<email>a@b.c</email>'],
      ] as const) {
        const res = await post(e, payload, type);
        const what = `${e.url} ${type} → ${res.body}`;
        expect(res.statusCode, what).toBe(415);
        expect(res.json(), what).toEqual({ error: true, code: 'BAD_REQUEST', msg: 'Send the request body as JSON (Content-Type: application/json).' });
      }
    }
  });

  it('a garbage key in an activation or reset link answers 400 INVALID_KEY', { timeout: 120_000 }, async () => {
    const garbageKey = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 500 }),
      fc.string({ unit: 'grapheme', minLength: 400, maxLength: 500 }),
      fc.constantFrom('a'.repeat(500), '😀'.repeat(250), '../../etc/passwd', '%00', 'key with spaces', 'A'.repeat(15), 'A'.repeat(129), '<script>x</script>'),
    );
    await fc.assert(
      fc.asyncProperty(garbageKey, fc.constantFrom('active', 'verify_secret_key'), async (key, call) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/account/${call}/${encodeURIComponent(key)}` });
        const what = `${call}/${JSON.stringify(key).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBe(400);
        expect(expectEnvelope(res, what).code, what).toBe('INVALID_KEY');
      }),
      { numRuns: NUM_RUNS * 2 },
    );
    // A well-formed key that was never issued is just as invalid.
    const unknown = await t.app.inject({ method: 'GET', url: `/api/account/active/${'Z'.repeat(43)}` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: true, code: 'INVALID_KEY' });
  });

  it('a garbage Authorization header answers 401, never 5xx', { timeout: 120_000 }, async () => {
    const printable = fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~'.split('')), maxLength: 400 });
    const header = fc.oneof(printable, printable.map((s) => `Bearer ${s}`), fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'));
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { authorization } });
        const what = `${JSON.stringify(authorization).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBe(401);
        expectEnvelope(res, what);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
