import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { users, walletNonces } from '../../db/schema/index.ts';
import { SessionService } from './sessions.service.ts';
import { WALLET_MESSAGES } from './wallet-auth.service.ts';
import { linkNonceFor, nonceFor, player, postLink, postSignature, rewrite, walletSignIn } from './wallet-auth.fixtures.ts';

describe('linking a wallet to an account, and an e-mail to a wallet account', () => {
  let chain: TestChain;
  let t: TestApp;
  let sessions: SessionService;
  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ env: chain.env });
    sessions = new SessionService(t.database.db, t.config.jwtAccessSecret);
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  /** A password account, signed in. */
  const account = async (name: string) => {
    const id = await t.createUser({ username: name, password: `${name}-password-1` });
    return { id, token: (await sessions.start(id, true)).access_token };
  };
  const linkNonceRes = (token: string, wallet: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/connect_wallet/nonce', headers: bearer(token), payload: { wallet } });
  const walletOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.walletAddress;

  it('links the wallet that signed the link message; that wallet then signs into the same account', async () => {
    const a = await account('pilot_link');
    const wallet = player(1);
    const issued = await linkNonceFor(t, a.token, wallet.address);
    expect(issued.message).toContain('\n\nLink this wallet to your Starport account.\n\n');
    expect(issued.message).toContain(`Chain ID: ${chain.anvil.chainId}`);
    const [row] = await t.database.db.select().from(walletNonces).where(eq(walletNonces.nonce, issued.nonce));
    expect(row).toMatchObject({ purpose: 'link', userId: a.id, address: wallet.address.toLowerCase() });

    const res = await postLink(t, a.token, { wallet: wallet.address, signature: await wallet.signMessage({ message: issued.message }), message: issued.message });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ error: false, msg: WALLET_MESSAGES.linked, user: { id: a.id, walletAddress: wallet.address.toLowerCase(), hasPassword: true } });

    const signedIn = await walletSignIn(t, wallet);
    expect(signedIn.created).toBe(false);
    expect(signedIn.user.id).toBe(a.id);
  });

  it('an older client may send only the signature', async () => {
    const a = await account('pilot_sigonly');
    const wallet = player(2);
    const issued = await linkNonceFor(t, a.token, wallet.address);
    const res = await postLink(t, a.token, { wallet: wallet.address, signature: await wallet.signMessage({ message: issued.message }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await walletOf(a.id)).toBe(wallet.address.toLowerCase());
  });

  it('refuses, before anything is signed, a wallet held by another account or a second wallet', async () => {
    const a = await account('pilot_twice');
    const held = await linkNonceRes(a.token, player(1).address); // linked to pilot_link above
    expect(held.statusCode).toBe(409);
    expect(body(held)).toMatchObject({ code: 'WALLET_TAKEN', msg: 'This wallet is already linked to another account.' });

    const wallet = player(3);
    const issued = await linkNonceFor(t, a.token, wallet.address);
    expect((await postLink(t, a.token, { wallet: wallet.address, signature: await wallet.signMessage({ message: issued.message }), message: issued.message })).statusCode).toBe(200);
    const same = await linkNonceRes(a.token, wallet.address);
    expect(same.statusCode).toBe(409);
    expect(body(same)).toMatchObject({ code: 'ALREADY_LINKED', msg: WALLET_MESSAGES.alreadyThisWallet });
    const other = await linkNonceRes(a.token, player(4).address);
    expect(other.statusCode).toBe(409);
    expect(body(other)).toMatchObject({ code: 'ALREADY_LINKED', msg: WALLET_MESSAGES.otherWallet });
  });

  it('the unique index decides when another account took the wallet after the nonce was issued', async () => {
    const a = await account('pilot_late');
    const b = await account('pilot_first');
    const wallet = player(5);
    const issued = await linkNonceFor(t, a.token, wallet.address);
    await t.database.db.update(users).set({ walletAddress: wallet.address.toLowerCase() }).where(eq(users.id, b.id));
    const res = await postLink(t, a.token, { wallet: wallet.address, signature: await wallet.signMessage({ message: issued.message }), message: issued.message });
    expect(res.statusCode, res.body).toBe(409);
    expect(body(res)).toMatchObject({ code: 'WALLET_TAKEN', msg: 'This wallet is already linked to another account.' });
    expect(await walletOf(a.id)).toBeNull();
  });

  it('an account that got another wallet after the nonce was issued keeps it', async () => {
    const a = await account('pilot_keep');
    const wallet = player(6);
    const issued = await linkNonceFor(t, a.token, wallet.address);
    const meanwhile = `0x${'cd'.repeat(20)}`;
    await t.database.db.update(users).set({ walletAddress: meanwhile }).where(eq(users.id, a.id));
    const res = await postLink(t, a.token, { wallet: wallet.address, signature: await wallet.signMessage({ message: issued.message }), message: issued.message });
    expect(res.statusCode, res.body).toBe(409);
    expect(body(res)).toMatchObject({ code: 'ALREADY_LINKED', msg: WALLET_MESSAGES.otherWallet });
    expect(await walletOf(a.id)).toBe(meanwhile);
  });

  it("refuses another account's link message and a sign-in message", async () => {
    const a = await account('pilot_asker');
    const b = await account('pilot_thief');
    const wallet = player(7);
    const issued = await linkNonceFor(t, a.token, wallet.address);
    const signature = await wallet.signMessage({ message: issued.message });
    const stolen = await postLink(t, b.token, { wallet: wallet.address, signature, message: issued.message });
    expect(stolen.statusCode).toBe(401);
    expect(body(stolen)).toMatchObject({ code: 'INVALID_NONCE', msg: WALLET_MESSAGES.otherAccount });
    // Without the message, b has no link message waiting for this wallet at all.
    const blind = await postLink(t, b.token, { wallet: wallet.address, signature });
    expect(body(blind)).toMatchObject({ code: 'INVALID_NONCE', msg: expect.stringMatching(/no link message waiting/) });

    const signIn = await nonceFor(t, wallet.address);
    const wrongKind = await postLink(t, b.token, { wallet: wallet.address, signature: await wallet.signMessage({ message: signIn.message }), message: signIn.message });
    expect(wrongKind.statusCode).toBe(401);
    expect(body(wrongKind)).toMatchObject({ code: 'INVALID_NONCE', msg: 'This is not a link message. Please try again.' });
    expect(await walletOf(b.id)).toBeNull();
  });

  it('refuses a link nonce the wallet signed under the sign-in statement or with other dates', async () => {
    const a = await account('pilot_reworded');
    const wallet = player(9);
    const issued = await linkNonceFor(t, a.token, wallet.address);
    for (const message of [
      rewrite(issued.message, { statement: 'Sign in to Starport.' }),
      rewrite(issued.message, { expirationTime: new Date(Date.parse(issued.expiresAt) + 5 * 60_000) }),
    ]) {
      const res = await postLink(t, a.token, { wallet: wallet.address, signature: await wallet.signMessage({ message }), message });
      expect(res.statusCode, res.body).toBe(401);
      expect(body(res)).toEqual({ error: true, code: 'INVALID_MESSAGE', msg: WALLET_MESSAGES.notAsIssued });
    }
    expect(await walletOf(a.id)).toBeNull();
  });

  it('refuses a link signed by another wallet, and a replay', async () => {
    const a = await account('pilot_replay');
    const wallet = player(8);
    const issued = await linkNonceFor(t, a.token, wallet.address);
    const forged = await postLink(t, a.token, { wallet: wallet.address, signature: await player(1).signMessage({ message: issued.message }), message: issued.message });
    expect(forged.statusCode).toBe(401);
    expect(body(forged)).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const signature = await wallet.signMessage({ message: issued.message });
    expect((await postLink(t, a.token, { wallet: wallet.address, signature, message: issued.message })).statusCode).toBe(200);
    const again = await postLink(t, a.token, { wallet: wallet.address, signature, message: issued.message });
    expect(again.statusCode).toBe(401);
    expect(body(again)).toMatchObject({ code: 'INVALID_NONCE' });
  });

  it('needs a session', async () => {
    const wallet = player(1).address;
    const nonce = await t.app.inject({ method: 'POST', url: '/api/account/connect_wallet/nonce', payload: { wallet } });
    expect(nonce.statusCode).toBe(401);
    expect(body(nonce).code).toBe('UNAUTHORIZED');
    const link = await t.app.inject({ method: 'POST', url: '/api/account/connect_wallet', payload: { wallet, signature: `0x${'00'.repeat(65)}` } });
    expect(link.statusCode).toBe(401);
    expect(body(link).code).toBe('UNAUTHORIZED');
  });

  it('a wallet-created account links an e-mail and a password, then signs in with either', async () => {
    // A fresh wallet (anvil's account 0 is the deployer; no test above signs in with it).
    const wallet = player(0);
    const created = await walletSignIn(t, wallet);
    expect(created.created).toBe(true);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/account/link_email',
      headers: bearer(created.access_token),
      payload: { email: 'Wallet.Owner@Example.com', password: 'wallet-owner-password-1' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const key = await t.mailedKey('wallet.owner@example.com', 'email_active');
    expect((await t.app.inject({ method: 'GET', url: `/api/account/active/${key}` })).statusCode).toBe(200);
    const byPassword = await t.login('wallet.owner@example.com', 'wallet-owner-password-1');
    const profile = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(byPassword.access_token) });
    expect(profile.json().user).toMatchObject({
      id: created.user.id,
      email: 'wallet.owner@example.com',
      active: true,
      hasPassword: true,
      walletAddress: wallet.address.toLowerCase(),
    });
    expect((await walletSignIn(t, wallet)).user.id).toBe(created.user.id);
    // The wallet sign-in path is unchanged by the link: signature-only still works too.
    const issued = await nonceFor(t, wallet.address);
    expect((await postSignature(t, wallet.address, { signature: await wallet.signMessage({ message: issued.message }) })).statusCode).toBe(200);
  });
});
