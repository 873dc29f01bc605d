import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { MALFORMED_UNICODE_MESSAGE } from './json-body.ts';

/**
 * A lone UTF-16 surrogate (`\ud800` with no partner) parses as JSON but is not text: it cannot
 * be stored, hashed or sent on as UTF-8. The body parser refuses it once, for every call.
 * The bodies are raw text, because JSON.stringify would not write every one of these.
 */
describe('malformed Unicode in a JSON body', () => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ username: 'surrogate_user', password: 'surrogate-password-1' });
    token = (await t.login('surrogate_user', 'surrogate-password-1')).access_token;
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: string, signedIn = false) =>
    t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...(signedIn ? bearer(token) : {}) } });

  const TID = 'SP-0000000000';
  const CRYPTO_TID = 'cp_000000000000000000000000';
  const cases: [method: 'POST' | 'PATCH', url: string, body: string, signedIn: boolean][] = [
    ['POST', '/api/account/forgot', String.raw`{"email":"a\ud800@example.test"}`, false],
    ['POST', '/api/account/login', String.raw`{"email":"surrogate_user","password":"x\uDFFFx"}`, false],
    ['PATCH', '/api/shop_payment/status', String.raw`{"tid":"${TID}","status":1,"payload":{"x":"\ud800"}}`, true],
    ['PATCH', '/api/shop_payment/status', String.raw`{"tid":"${TID}","status":1,"content":"\udc00 after"}`, true],
    ['PATCH', '/api/shop_payment/status', String.raw`{"tid":"${TID}","status":1,"payload":{"\ud800":1}}`, true],
    ['PATCH', '/api/payment/status', String.raw`{"tid":"${TID}","status":1,"payload":"\ud83d"}`, true],
    ['PATCH', '/api/payment/status', String.raw`{"tid":"${TID}","status":1,"payload":{"k\ude00":[1]}}`, true],
    ['POST', '/api/shop_payment/log', String.raw`{"tid":"${TID}","event":"\ud800"}`, true],
    ['POST', '/api/shop_payment/log', String.raw`{"tid":"${TID}","event":"loaded","payload":["ok","\ud800\ud800"]}`, true],
    ['POST', '/api/payment/eth_crypto/status', String.raw`{"tid":"${CRYPTO_TID}","step":20,"content":"\ud800"}`, true],
    ['POST', '/api/payment/eth_crypto/status', String.raw`{"tid":"${CRYPTO_TID}","step":20,"payload":{"\udfff":"x"}}`, true],
    // A key of the body itself, and a surrogate pair written backwards.
    ['POST', '/api/account/forgot', String.raw`{"email":"a@example.test","\ud800":1}`, false],
    ['POST', '/api/account/forgot', String.raw`{"email":"\ude00\ud83d@example.test"}`, false],
  ];

  it.each(cases)('%s %s %s answers 400 with a sentence', async (method, url, payload, signedIn) => {
    const res = await send(method, url, payload, signedIn);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: true, code: 'BAD_REQUEST', msg: MALFORMED_UNICODE_MESSAGE });
  });

  it('still takes a surrogate pair (an emoji), escaped or not', async () => {
    for (const payload of [String.raw`{"email":"a\ud83d\ude00@example.test"}`, '{"email":"a😀@example.test"}']) {
      const res = await send('POST', '/api/account/forgot', payload);
      expect(res.json().msg, payload).not.toBe(MALFORMED_UNICODE_MESSAGE);
      expect(res.statusCode, payload).toBeLessThan(500);
    }
  });

  it('keeps refusing a body that is not JSON, or poisons a prototype, as before', async () => {
    for (const payload of ['{"email":', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      const res = await send('POST', '/api/account/forgot', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ error: true, code: 'BAD_REQUEST', msg: 'The request body is not valid JSON.' });
    }
  });
});
