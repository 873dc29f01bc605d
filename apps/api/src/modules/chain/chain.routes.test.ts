import { freePort } from '@starport/chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { RPC_DOWN_MSG } from './chain-info.service.ts';

describe('GET /api/chain/config on configured chains', () => {
  let chain: TestChain;
  // One database for every app here: these calls never touch it, and migrating is the slow part.
  let database: Database;
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string>) => {
    const t = await createTestApp({ env, database });
    apps.push(t);
    return t.app;
  };
  beforeAll(async () => {
    [chain, database] = await Promise.all([startTestChain({ confirmations: 2 }), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await database?.close();
    await chain?.stop();
  });

  it('answers the public chain fields, the sign-in chain and the USDC payment setup', async () => {
    const id = chain.anvil.chainId;
    const app = await appWith({ ...chain.env, [`CHAIN_${id}_PUBLIC_RPC_URL`]: 'https://rpc.public.example' });
    const res = await app.inject({ method: 'GET', url: '/api/chain/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: false,
      signInChainId: id,
      // The server's own RPC stays on the server; contract addresses other than USDC are not needed.
      chains: [{ id, name: 'Test chain', rpcUrl: 'https://rpc.public.example', explorerUrl: 'https://explorer.test', nativeSymbol: 'ETH', confirmations: 2 }],
      payment: { chainId: id, token: { address: chain.addresses.testUsdc.toLowerCase(), symbol: 'USDC', decimals: 6 }, recipient: chain.recipient },
      local: false,
    });
  });

  it('reads the token decimals once: a second answer does not need the token', async () => {
    const app = await appWith(chain.env);
    expect((await app.inject({ method: 'GET', url: '/api/chain/config' })).statusCode).toBe(200);
    const usdc = chain.addresses.testUsdc;
    const code = await chain.deployer.publicClient.getCode({ address: usdc });
    await chain.deployer.publicClient.request({ method: 'anvil_setCode' as never, params: [usdc, '0x'] as never });
    try {
      const again = await app.inject({ method: 'GET', url: '/api/chain/config' });
      expect(again.statusCode).toBe(200);
      expect(again.json().payment.token.decimals).toBe(6);
      // A fresh app must ask the chain, and a token without code has no decimals: not a 200.
      const fresh = await appWith(chain.env);
      expect((await fresh.inject({ method: 'GET', url: '/api/chain/config' })).statusCode).toBe(503);
    } finally {
      await chain.deployer.publicClient.request({ method: 'anvil_setCode' as never, params: [usdc, code] as never });
    }
  });

  it('has no payment when the payment chain has no USDC or there is no recipient', async () => {
    const id = chain.anvil.chainId;
    const { [`CHAIN_${id}_USDC`]: _usdc, ...noUsdc } = chain.env;
    const { PAYMENT_RECIPIENT: _recipient, ...noRecipient } = chain.env;
    for (const env of [noUsdc, noRecipient]) {
      const res = await (await appWith(env)).inject({ method: 'GET', url: '/api/chain/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ signInChainId: id, payment: null, local: false });
      expect(res.json().chains).toHaveLength(1);
    }
  });

  it('says so when the payment chain does not answer', async () => {
    const id = chain.anvil.chainId;
    const app = await appWith({ ...chain.env, [`CHAIN_${id}_RPC_URL`]: `http://127.0.0.1:${await freePort()}` });
    const res = await app.inject({ method: 'GET', url: '/api/chain/config' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: true, code: 'UNAVAILABLE', msg: RPC_DOWN_MSG });
  });

  it('answers with no chain at all when none is configured', async () => {
    const res = await (await appWith({ LOCAL_CHAIN: '0' })).inject({ method: 'GET', url: '/api/chain/config' });
    expect(res.json()).toEqual({ error: false, signInChainId: null, chains: [], payment: null, local: false });
  });

  it('has no explorer pages off the local chain', async () => {
    const app = await appWith(chain.env);
    const res = await app.inject({ method: 'GET', url: `/dev/explorer/tx/0x${'ab'.repeat(32)}` });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/dev/explorer/address/${chain.recipient}` })).statusCode).toBe(404);
  });
});
