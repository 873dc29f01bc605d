import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { SessionService } from './sessions.service.ts';
import { linkNonceFor, player, postLink, postSignature, signedNonce } from './wallet-auth.fixtures.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: wallet sign-in and linking races, two API copies', () => {
  let chain: TestChain;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    chain = await startTestChain();
    a = await createTestApp({ postgres: true, env: chain.env });
    b = await createTestApp({ database: a.database, env: chain.env });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await chain?.stop();
  });
  const copies = () => [a, b];

  it('ten submissions of one signed message at once, on two copies: exactly one signs in', async () => {
    const wallet = player(1);
    const { message, signature } = await signedNonce(a, wallet);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => postSignature(copies()[i % 2]!, wallet.address, { signature, message })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode !== 200);
    expect(losers.map((r) => r.statusCode)).toEqual(Array(9).fill(401));
    for (const r of losers) expect(body(r).code).toBe('INVALID_NONCE');
  });

  it('the same signature without the message, ten times at once: exactly one signs in', async () => {
    const wallet = player(2);
    const { signature } = await signedNonce(b, wallet);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => postSignature(copies()[i % 2]!, wallet.address, { signature })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(9);
  });

  it('a new wallet signing in eight times at once (eight nonces, two copies) gets one account', async () => {
    const wallet = player(3);
    const signed = await Promise.all(Array.from({ length: 8 }, (_, i) => signedNonce(copies()[i % 2]!, wallet)));
    const results = await Promise.all(signed.map((s, i) => postSignature(copies()[i % 2]!, wallet.address, { signature: s.signature, message: s.message })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const answers = results.map((r) => r.json() as { created: boolean; user: { id: string } });
    expect(new Set(answers.map((x) => x.user.id)).size).toBe(1);
    expect(answers.filter((x) => x.created)).toHaveLength(1);
    const rows = await a.database.db.select().from(users).where(eq(users.walletAddress, wallet.address.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('two accounts linking one wallet at once: one links, the other gets 409', async () => {
    const wallet = player(4);
    const sessions = new SessionService(a.database.db, a.config.jwtAccessSecret);
    const tokens = await Promise.all(
      ['racer_one', 'racer_two'].map(async (username) => (await sessions.start(await a.createUser({ username, password: `${username}-password` }), true)).access_token),
    );
    // Both nonces are issued while the wallet is free, so both submissions pass every early check.
    const signed = await Promise.all(
      tokens.map(async (token) => {
        const issued = await linkNonceFor(a, token, wallet.address);
        return { token, message: issued.message, signature: await wallet.signMessage({ message: issued.message }) };
      }),
    );
    const results = await Promise.all(signed.map((s, i) => postLink(copies()[i]!, s.token, { wallet: wallet.address, signature: s.signature, message: s.message })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(body(results.find((r) => r.statusCode === 409)!)).toMatchObject({ code: 'WALLET_TAKEN' });
    expect(await a.database.db.select().from(users).where(eq(users.walletAddress, wallet.address.toLowerCase()))).toHaveLength(1);
  });
});
