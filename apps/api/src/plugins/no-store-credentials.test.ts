import { ANVIL_MNEMONIC } from '@starport/chain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { z } from 'zod';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { noStoreCredentialsPlugin } from './no-store-credentials.ts';

/**
 * Every answer that carries a session token or a single-use nonce says `Cache-Control:
 * no-store`, so no browser or proxy cache keeps it. A wallet sign-in with an ordinary account's
 * signature is checked without the chain, so a chain nobody answers on is enough here.
 */
describe('Cache-Control: no-store on answers that carry credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOCAL_CHAIN: '0', CHAIN_IDS: '31337', CHAIN_31337_RPC_URL: 'http://127.0.0.1:9', PAYMENT_CHAIN_ID: '31337' },
    });
    await t.createUser({ username: 'no_store', password: 'no-store-password-1' });
  });
  afterAll(() => t?.close());

  it('login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email: 'no_store', password: 'no-store-password-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('access_token');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refresh_token', async () => {
    const { refresh_token } = await t.login('no_store', 'no-store-password-1');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/refresh_token', payload: { refresh_token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('refresh_token');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('wallet sign-in, and the nonces a wallet signs (sign-in and linking)', async () => {
    const wallet = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 3 });
    const nonce = await t.app.inject({ method: 'GET', url: `/api/web3_login/${wallet.address}/nonce` });
    expect(nonce.statusCode, nonce.body).toBe(200);
    expect(nonce.headers['cache-control']).toBe('no-store');

    const message = (nonce.json() as { message: string }).message;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/web3_login/${wallet.address}/signature`,
      payload: { message, signature: await wallet.signMessage({ message }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');

    const { access_token } = await t.login('no_store', 'no-store-password-1');
    const link = await t.app.inject({ method: 'POST', url: '/api/account/connect_wallet/nonce', headers: bearer(access_token), payload: { wallet: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 4 }).address } });
    expect(link.statusCode).toBe(200);
    expect(link.headers['cache-control']).toBe('no-store');
  });

  it('also on a refusal of such a call, and not on answers without credentials', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email: 'no_store', password: 'wrong-password' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['cache-control']).toBeUndefined();
  });

  it('reads the success schema of any route, a union included', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(noStoreCredentialsPlugin);
    const Tokens = z.object({ access_token: z.string() });
    const Plain = z.object({ ok: z.boolean() });
    await app.register(async (scoped) => {
      scoped.get('/union', { schema: { response: { 200: z.union([Plain, Tokens]) } } }, async () => ({ ok: true }));
      scoped.get('/created', { schema: { response: { 201: Tokens } } }, async (_req, reply) => reply.status(201).send({ access_token: 'a' }));
      scoped.get('/plain', { schema: { response: { 200: Plain } } }, async () => ({ ok: true }));
    });
    const [union, created, plain] = await Promise.all(['/union', '/created', '/plain'].map((url) => app.inject({ url })));
    expect(union!.headers['cache-control']).toBe('no-store');
    expect(created!.headers['cache-control']).toBe('no-store');
    expect(plain!.headers['cache-control']).toBeUndefined();
    await app.close();
  });
});
