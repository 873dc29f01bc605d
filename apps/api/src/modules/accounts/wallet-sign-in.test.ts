import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { memoryRateLimiter } from '../../lib/rate-limiter.ts';
import { outboxTransport } from '../../mail/transport.ts';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { users, walletNonces } from '../../db/schema/index.ts';
import { buildSiweMessage, newNonce, siweSite } from './siwe-message.ts';
import { SessionService } from './sessions.service.ts';
import { UNSENT_MESSAGE_CANDIDATES, WALLET_LIMITS, WALLET_MESSAGES } from './wallet-auth.service.ts';
import {
  askNonce,
  linkNonceFor,
  NOBODYS_SIGNATURE,
  nonceFor,
  player,
  postSignature,
  rewrite,
  signedNonce,
  walletSignIn,
} from './wallet-auth.fixtures.ts';

// QUALITY.md "Wallet sign-in (EIP-4361)": each protection below has its own test, and each
// test names the failure it expects, so that removing one check makes its test fail.
describe('wallet sign-in (Sign-In with Ethereum)', () => {
  let chain: TestChain;
  let t: TestApp;
  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ env: chain.env });
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const expectFailure = (res: Awaited<ReturnType<typeof postSignature>>, status: number, code: string, msg: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(body(res)).toMatchObject({ error: true, code });
    expect(body(res).msg).toMatch(msg);
  };

  it('issues a single-use nonce and the EIP-4361 message for this site and chain', async () => {
    const wallet = player(1);
    const before = Date.now();
    const issued = await nonceFor(t, wallet.address);
    expect(issued.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(issued.chainId).toBe(chain.anvil.chainId);
    expect(issued.message).toBe(
      [
        `starport.test wants you to sign in with your Ethereum account:`,
        wallet.address,
        '',
        'Sign in to Starport.',
        '',
        'URI: https://starport.test',
        'Version: 1',
        `Chain ID: ${chain.anvil.chainId}`,
        `Nonce: ${issued.nonce}`,
        `Issued At: ${/Issued At: (\S+)/.exec(issued.message)?.[1]}`,
        `Expiration Time: ${issued.expiresAt}`,
      ].join('\n'),
    );
    const ttl = Date.parse(issued.expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(10 * 60_000 - 5);
    expect(ttl).toBeLessThan(10 * 60_000 + 5_000);
    const [row] = await t.database.db.select().from(walletNonces).where(eq(walletNonces.nonce, issued.nonce));
    expect(row).toMatchObject({ address: wallet.address.toLowerCase(), purpose: 'sign_in', userId: null, usedAt: null, message: issued.message });
    expect(row?.expiresAt.toISOString()).toBe(issued.expiresAt);
    expect((await nonceFor(t, wallet.address)).nonce).not.toBe(issued.nonce);
  });

  it('the first sign-in creates the account with the referrer; the next ones sign into the same account', async () => {
    const wallet = player(2);
    const referrer = player(3).address.toUpperCase().replace(/^0X/, '0x');
    const first = await walletSignIn(t, wallet, referrer);
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({ walletAddress: wallet.address.toLowerCase(), email: null, active: false, hasPassword: false });
    expect(first.user).toHaveProperty('username', `wallet_${wallet.address.slice(2, 8).toLowerCase()}${wallet.address.slice(-4).toLowerCase()}`);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, first.user.id));
    expect(row).toMatchObject({ walletRef: referrer.toLowerCase(), email: null, passwordHash: null });

    const profile = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(first.access_token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toEqual(first.user);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/account/refresh_token', payload: { refresh_token: first.refresh_token } });
    expect(refreshed.statusCode).toBe(200);

    const second = await walletSignIn(t, wallet, player(4).address);
    expect(second.created).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, first.user.id));
    expect(after?.walletRef).toBe(referrer.toLowerCase()); // recorded once, at creation
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('never records the wallet as its own referrer', async () => {
    const wallet = player(5);
    const res = await walletSignIn(t, wallet, wallet.address.toUpperCase().replace(/^0X/, '0x'));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.user.id));
    expect(row?.walletRef).toBeNull();
  });

  it('an older client may send only the signature: the newest issued message is the one checked', async () => {
    const wallet = player(6);
    const { signature } = await signedNonce(t, wallet);
    const res = await postSignature(t, wallet.address, { signature });
    expect(res.statusCode, res.body).toBe(200);
    // Its message is used up: the same signature again finds no message waiting.
    expectFailure(await postSignature(t, wallet.address, { signature }), 401, 'INVALID_NONCE', /no sign-in message waiting/);
  });

  it('a signed message works once: a replay is refused', async () => {
    const wallet = player(7);
    const { message, signature } = await signedNonce(t, wallet);
    expect((await postSignature(t, wallet.address, { signature, message })).statusCode).toBe(200);
    expectFailure(await postSignature(t, wallet.address, { signature, message }), 401, 'INVALID_NONCE', /expired or was already used/);
  });

  it("refuses a nonce issued to another address, even signed by the wallet that sends it", async () => {
    const victim = player(1);
    const attacker = player(8);
    const issued = await nonceFor(t, victim.address);
    const message = rewrite(issued.message, { address: attacker.address });
    const signature = await attacker.signMessage({ message });
    expectFailure(await postSignature(t, attacker.address, { signature, message }), 401, 'INVALID_NONCE', WALLET_MESSAGES.otherAddress);
    // The victim's own message, sent for another wallet, is refused as well.
    const signed = await victim.signMessage({ message: issued.message });
    expectFailure(await postSignature(t, attacker.address, { signature: signed, message: issued.message }), 401, 'INVALID_MESSAGE', /another wallet/);
  });

  it('refuses a message for another domain', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const message = rewrite(issued.message, { domain: 'starport.evil' });
    const res = await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message }), message });
    expectFailure(res, 401, 'INVALID_MESSAGE', /another website/);
    // The nonce was not used up by the refused attempt.
    expect((await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message: issued.message }), message: issued.message })).statusCode).toBe(200);
  });

  it('refuses a message whose scheme is not ours', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const message = rewrite(issued.message, { scheme: 'http' });
    expectFailure(await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message }), message }), 401, 'INVALID_MESSAGE', /another website/);
  });

  it('refuses a message whose URI is another site', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const message = rewrite(issued.message, { uri: 'https://starport.evil/login' });
    expectFailure(await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message }), message }), 401, 'INVALID_MESSAGE', /points to another website/);
  });

  it('refuses a message for another chain', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const message = rewrite(issued.message, { chainId: 1 });
    expectFailure(await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message }), message }), 401, 'INVALID_MESSAGE', /^This message was made for another network\.$/);
  });

  it('refuses a nonce issued while the site used another chain', async () => {
    const wallet = player(1);
    const { issued, message, signature } = await signedNonce(t, wallet);
    await t.database.db.update(walletNonces).set({ chainId: 1 }).where(eq(walletNonces.nonce, issued.nonce));
    expectFailure(await postSignature(t, wallet.address, { signature, message }), 401, 'INVALID_MESSAGE', WALLET_MESSAGES.staleChain);
  });

  it('refuses a message dated in the future', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const message = rewrite(issued.message, { issuedAt: new Date(Date.now() + 5 * 60_000) });
    expectFailure(await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message }), message }), 401, 'INVALID_MESSAGE', /in the future/);
  });

  it('refuses an expired message', async () => {
    const wallet = player(1);
    const { message, signature } = await signedNonce(t, wallet);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    expectFailure(await postSignature(t, wallet.address, { signature, message }), 401, 'INVALID_MESSAGE', /sign-in message has expired/);
  });

  it('refuses a message whose nonce has expired, even when the message says it has not', async () => {
    const wallet = player(1);
    const { issued, signature } = await signedNonce(t, wallet);
    await t.database.db.update(walletNonces).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(walletNonces.nonce, issued.nonce));
    expectFailure(await postSignature(t, wallet.address, { signature, message: issued.message }), 401, 'INVALID_NONCE', /expired or was already used/);
  });

  it('refuses a nonce that was never issued', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const message = rewrite(issued.message, { nonce: 'NeverIssuedNonce12345678' });
    expectFailure(await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message }), message }), 401, 'INVALID_NONCE', /expired or was already used/);
  });

  it('refuses a signature by another address', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const signature = await player(2).signMessage({ message: issued.message });
    expectFailure(await postSignature(t, wallet.address, { signature, message: issued.message }), 401, 'INVALID_SIGNATURE', WALLET_MESSAGES.badSignature);
    expectFailure(await postSignature(t, wallet.address, { signature }), 401, 'INVALID_SIGNATURE', WALLET_MESSAGES.badSignature);
    expectFailure(await postSignature(t, wallet.address, { signature: NOBODYS_SIGNATURE }), 401, 'INVALID_SIGNATURE', WALLET_MESSAGES.badSignature);
    expectFailure(await postSignature(t, wallet.address, { signature: '0xabcd' }), 401, 'INVALID_SIGNATURE', WALLET_MESSAGES.badSignature);
  });

  it('refuses a message altered after it was signed (not the text issued, so no signature is even checked)', async () => {
    const wallet = player(1);
    const { message, signature } = await signedNonce(t, wallet);
    const later = new Date(Date.now() + 60 * 60_000);
    for (const altered of [message.replace('Sign in to Starport.', 'Sign in to Starport!'), rewrite(message, { expirationTime: later })]) {
      expectFailure(await postSignature(t, wallet.address, { signature, message: altered }), 401, 'INVALID_MESSAGE', WALLET_MESSAGES.notAsIssued);
    }
    // The issued text with its own signature still signs in: nothing was used up.
    expect((await postSignature(t, wallet.address, { signature, message })).statusCode).toBe(200);
  });

  it('refuses a message signed by the wallet that is not the text issued with its nonce', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const now = Date.now();
    const variants = [
      rewrite(issued.message, { issuedAt: new Date(now - 60_000) }),
      rewrite(issued.message, { expirationTime: new Date(Date.parse(issued.expiresAt) + 5 * 60_000) }),
      rewrite(issued.message, { statement: 'Link this wallet to your Starport account.' }),
    ];
    for (const message of variants) {
      const res = await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message }), message });
      expectFailure(res, 401, 'INVALID_MESSAGE', WALLET_MESSAGES.notAsIssued);
    }
    // Refusing them used nothing up: the issued text still signs in.
    expect((await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message: issued.message }), message: issued.message })).statusCode).toBe(200);
  });

  it('a link nonce does not sign in', async () => {
    const owner = await t.createUser({ username: 'linker_one', password: 'linker-password-1' });
    const session = await new SessionService(t.database.db, t.config.jwtAccessSecret).start(owner, true);
    const wallet = player(8);
    const issued = await linkNonceFor(t, session.access_token, wallet.address);
    const signature = await wallet.signMessage({ message: issued.message });
    expectFailure(await postSignature(t, wallet.address, { signature, message: issued.message }), 401, 'INVALID_NONCE', /not a sign-in message/);
  });

  it('answers malformed input with 400', async () => {
    const wallet = player(1);
    const issued = await nonceFor(t, wallet.address);
    const malformed = [
      'hello',
      issued.message.replace('Version: 1', 'Version: 2'),
      `${issued.message}\nNonce: AnotherNonce1234567890`,
      `Hello\n${issued.message}`,
      issued.message.replace(/Issued At: \S+/, 'Issued At: yesterday'),
    ];
    for (const message of malformed) {
      const res = await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message }), message });
      expect(res.statusCode, message).toBe(400);
      expect(body(res)).toMatchObject({ code: 'BAD_REQUEST', msg: 'This is not a Sign-In with Ethereum message from Starport.' });
    }
    for (const url of ['/api/web3_login/0x1234/nonce', '/api/web3_login/not-a-wallet/nonce', `/api/web3_login/${wallet.address}00/nonce`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(body(res).msg).toMatch(/wallet address/);
    }
    const badSignature = await postSignature(t, wallet.address, { signature: 'signed', message: issued.message });
    expect(badSignature.statusCode).toBe(400);
    expect(body(badSignature).msg).toMatch(/signature/);
  });

  it('limits nonces per (address, IP address) and per IP address (429 with a message)', async () => {
    const wallet = `0x${'ab'.repeat(20)}`;
    const [perAddressAndIp] = WALLET_LIMITS.noncePerAddressAndIp;
    const [perIp] = WALLET_LIMITS.noncePerIp;
    // Other client addresses than the tests above, so their counters start empty.
    for (let i = 0; i < perAddressAndIp; i++) expect((await askNonce(t, wallet, '127.0.1.1')).statusCode).toBe(200);
    const limited = await askNonce(t, wallet, '127.0.1.1');
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(/Too many attempts/) });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // The same address from another IP address has a counter of its own.
    expect((await askNonce(t, wallet, '127.0.1.2')).statusCode).toBe(200);

    const hex = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
    for (let i = 1; i <= perIp; i++) expect((await askNonce(t, hex(i), '127.0.3.1')).statusCode).toBe(200);
    expect((await askNonce(t, hex(perIp + 1), '127.0.3.1')).statusCode).toBe(429);
  });

  it("a stranger asking for a wallet's nonces cannot lock it out of sign-in", async () => {
    const victim = player(3);
    const flood = async (ip: string) => {
      for (let i = 0; i < 25; i++) await askNonce(t, victim.address, ip);
    };
    const messageFrom = async (ip: string) => {
      const res = await askNonce(t, victim.address, ip);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { message: string }).message;
    };
    await flood('127.0.4.1');
    // The wallet's own sign-in, from its own IP address, is not limited by the stranger's requests.
    const message = await messageFrom('127.0.4.2');
    expect((await postSignature(t, victim.address, { signature: await victim.signMessage({ message }), message })).statusCode).toBe(200);
    // The older client sends no message: newer nonces asked for by a stranger do not hide the one it signed.
    const signature = await victim.signMessage({ message: await messageFrom('127.0.4.2') });
    await flood('127.0.4.3');
    const res = await postSignature(t, victim.address, { signature });
    expect(res.statusCode, res.body).toBe(200);
  });

  it(`an older client's signature is tried against the newest ${UNSENT_MESSAGE_CANDIDATES} live messages only`, async () => {
    const wallet = player(4);
    const { signature } = await signedNonce(t, wallet);
    // Newer live messages for the same wallet, as many as are tried: the signed one is out of reach.
    const site = siweSite(t.config.publicUrl);
    const chainId = chain.anvil.chainId;
    const address = wallet.address.toLowerCase();
    const rows = Array.from({ length: UNSENT_MESSAGE_CANDIDATES }, (_, i) => {
      const issuedAt = new Date(Date.now() + 1_000 + i);
      const expiresAt = new Date(issuedAt.getTime() + 10 * 60_000);
      const nonce = newNonce();
      return { nonce, address, purpose: 'sign_in', userId: null, chainId, issuedAt, expiresAt, message: buildSiweMessage({ site, address, chainId, nonce, purpose: 'sign_in', issuedAt, expiresAt }) };
    });
    await t.database.db.insert(walletNonces).values(rows);
    expectFailure(await postSignature(t, wallet.address, { signature }), 401, 'INVALID_SIGNATURE', WALLET_MESSAGES.badSignature);
    // One fewer newer message, and the signed one is found.
    await t.database.db.delete(walletNonces).where(eq(walletNonces.nonce, rows[0]!.nonce));
    expect((await postSignature(t, wallet.address, { signature })).statusCode).toBe(200);
  });

  it('a NUL character in the referral code answers 400 and creates no account', async () => {
    const wallet = player(9);
    const { message, signature } = await signedNonce(t, wallet);
    const res = await postSignature(t, wallet.address, { signature, message, wallet_ref: 'ref\u0000x' });
    expectFailure(res, 400, 'BAD_REQUEST', /^Text must not contain NUL characters\.$/);
    expect(await t.database.db.select().from(users).where(eq(users.walletAddress, wallet.address.toLowerCase()))).toEqual([]);
    expect((await postSignature(t, wallet.address, { signature, message, wallet_ref: 'ref' })).statusCode).toBe(200);
  });

  it('keeps wallet addresses out of the request log', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const logged = await buildApp({
      config: t.config,
      database,
      limiter: memoryRateLimiter(),
      mail: outboxTransport(),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const wallet = player(4);
      const issued = await logged.inject({ method: 'GET', url: `/api/web3_login/${wallet.address}/nonce` });
      expect(issued.statusCode).toBe(200);
      const message = issued.json().message as string;
      await logged.inject({ method: 'POST', url: `/api/web3_login/${wallet.address}/signature`, payload: { message, signature: await wallet.signMessage({ message }) } });
      const incoming = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url?: string } }).filter((l) => l.msg === 'incoming request');
      expect(incoming.map((l) => l.req?.url)).toEqual(['/api/web3_login/:wallet/nonce', '/api/web3_login/:wallet/signature']);
      const all = lines.join('\n').toLowerCase();
      expect(all).not.toContain(wallet.address.toLowerCase().slice(2, 12));
    } finally {
      await logged.close();
      await database.close();
    }
  });

  it('says so when no chain is configured', async () => {
    const off = await createTestApp();
    try {
      const res = await askNonce(off, player(1).address);
      expect(res.statusCode).toBe(503);
      expect(body(res)).toEqual({ error: true, code: 'UNAVAILABLE', msg: 'Wallet sign-in is not available right now.' });
      const post = await postSignature(off, player(1).address, { signature: NOBODYS_SIGNATURE });
      expect(post.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
