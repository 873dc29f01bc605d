import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { DEFAULT_TERMS_HTML } from './default-terms.ts';
import { getHomeVersionRecent, sanitizeTerms, setHomeVersion, setSaleProgram, setTermsHtml } from './settings.service.ts';

/** Every call of the accounts contract (docs/api-accounts.md), as OpenAPI paths. */
const ACCOUNT_PATHS = {
  '/api/account/registry': 'post',
  '/api/account/active/{key}': 'get',
  '/api/account/login': 'post',
  '/api/account/forgot': 'post',
  '/api/account/verify_secret_key/{key}': 'get',
  '/api/account/reset_password': 'post',
  '/api/account/change_password': 'post',
  '/api/account/refresh_token': 'post',
  '/api/account/profile': 'get',
  '/api/account/avatar/sign_url': 'post',
  '/api/account/avatar': 'post',
  '/api/account/change_profile': 'post',
  '/api/account/change_avatar': 'post',
  '/api/account/logout': 'post',
  '/api/account/link_email': 'post',
  '/api/account/resend_activation': 'post',
  '/api/credit/total': 'get',
  '/api/contact': 'post',
  '/site/setting': 'get',
  '/api/resource/tos': 'get',
} as const;

describe('site calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => t.close());

  it('GET /site/setting answers the defaults, then what the operator set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/site/setting' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: false, sale_program: 0, home_version: 1 });

    await setSaleProgram(t.database.db, 1);
    await setHomeVersion(t.database.db, 2);
    const after = await t.app.inject({ method: 'GET', url: '/site/setting' });
    expect(after.json()).toEqual({ error: false, sale_program: 1, home_version: 2 });

    await expect(setSaleProgram(t.database.db, 2)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(setHomeVersion(t.database.db, 3)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await setSaleProgram(t.database.db, 0);
    await setHomeVersion(t.database.db, 1);
  });

  it('the served page reads home_version at most once per interval, and sees a change made here at once', async () => {
    const db = t.database.db;
    const HOUR = 3_600_000;
    expect(await getHomeVersionRecent(db, HOUR)).toBe(1);
    await setHomeVersion(db, 2);
    expect(await getHomeVersionRecent(db, HOUR)).toBe(2);
    // A change by another process (the CLI) is not seen within the interval: this read is remembered.
    await db.execute(sql`UPDATE settings SET value = '1'::jsonb WHERE key = 'home_version'`);
    expect(await getHomeVersionRecent(db, HOUR)).toBe(2);
    expect(await getHomeVersionRecent(db, 0)).toBe(1);
    await setHomeVersion(db, 1);
  });

  it('GET /api/resource/tos answers the terms as HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/resource/tos' });
    expect(res.statusCode).toBe(200);
    const json = res.json() as { error: boolean; data: { content: string } };
    expect(json.error).toBe(false);
    expect(json.data.content).toBe(DEFAULT_TERMS_HTML);
    expect(json.data.content).toMatch(/^<h1>[^<]+<\/h1>/);
    expect(json.data.content).toContain('<p>');
  });

  it('setTermsHtml strips scripts, event handlers and javascript: links before storing', async () => {
    const dirty = [
      '<h1>New terms</h1>',
      '<script>alert("x")</script>',
      '<p onerror="alert(1)" onclick="alert(2)">Be nice.</p>',
      '<img src="x" onerror="alert(3)">',
      '<a href="javascript:alert(4)">click</a>',
      '<a href="JaVaScRiPt:alert(5)">click2</a>',
      '<a href="https://starport.example/help" onmouseover="alert(6)">help</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(7))">styled</p>',
    ].join('\n');
    const clean = await setTermsHtml(t.database.db, dirty);
    const res = await t.app.inject({ method: 'GET', url: '/api/resource/tos' });
    const content = (res.json() as { data: { content: string } }).data.content;
    expect(content).toBe(clean);
    for (const bad of [/<script/i, /alert\("x"\)/, /onerror/i, /onclick/i, /onmouseover/i, /javascript:/i, /<img/i, /<iframe/i, /style=/i]) {
      expect(content).not.toMatch(bad);
    }
    expect(content).toContain('<h1>New terms</h1>');
    expect(content).toContain('<p>Be nice.</p>');
    expect(content).toContain('<a href="https://starport.example/help" rel="noopener noreferrer">help</a>');

    // A rel of the operator's cannot reopen the window.opener hole.
    expect(sanitizeTerms('<a href="https://x.example" rel="opener">x</a>')).toBe('<a href="https://x.example" rel="noopener noreferrer">x</a>');

    await expect(setTermsHtml(t.database.db, '<script>only()</script>')).rejects.toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect(sanitizeTerms('<svg onload="alert(1)"><a xlink:href="javascript:alert(1)">x</a></svg>')).not.toMatch(/onload|javascript:|<svg/i);
  });

  it('GET /healthz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: true });
  });

  it('an unknown /api path is a JSON 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-call'],
      ['POST', '/api/account/no-such-call'],
      ['DELETE', '/site/setting'],
    ] as const) {
      const res = await t.app.inject({ method, url: `${url}?x=1`, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: true, code: 'NOT_FOUND', msg: `No such call: ${method} ${url}` });
    }
  });

  it('sends the security headers', async () => {
    for (const url of ['/site/setting', '/api/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      const h = res.headers;
      const csp = String(h['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("img-src 'self' data: blob:");
      // PUBLIC_URL of the test app is https, so browsers are told to upgrade.
      expect(csp).toContain('upgrade-insecure-requests');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(h['referrer-policy']).toBe('no-referrer');
      expect(h['cross-origin-opener-policy']).toBe('same-origin');
      expect(h['x-powered-by']).toBeUndefined();
    }
  });

  it('does not ask for an https upgrade when the site is served over http', async () => {
    const plain = await createTestApp({ database: t.database, env: { PUBLIC_URL: 'http://127.0.0.1:3000' } });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/healthz' });
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await plain.close();
    }
  });

  it('GET /docs/json is the OpenAPI document with every call of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of Object.entries(ACCOUNT_PATHS)) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/account/logout']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/account/link_email']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/account/registry']?.post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { username: {}, email: {}, password: {} } } } },
    });
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('the dev mailbox lists delivered mail as JSON and as an escaped page', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Eve <script>alert(1)</script>', email: 'eve@example.com', message: 'Hello <b>there</b>' },
    });
    expect(send.statusCode).toBe(200);
    await t.drainJobs();

    const json = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=OPERATOR@starport.local' });
    expect(json.statusCode).toBe(200);
    const data = (json.json() as { error: boolean; data: Array<Record<string, unknown>> }).data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ to: 'operator@starport.local', kind: 'contact', status: 'sent', transport: 'outbox', subject: 'Contact form: Eve <script>alert(1)</script>' });
    expect(typeof data[0]!.sentAt).toBe('string');

    const none = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=nobody@example.com' });
    expect(none.json()).toEqual({ error: false, data: [] });
    const bad = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?limit=100000' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ error: true, code: 'BAD_REQUEST' });

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Dev mailbox');
    expect(page.body).toContain('Contact form: Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('<iframe sandbox=');
  });
});

describe('site calls in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('has no dev mailbox', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: true, code: 'NOT_FOUND', msg: `No such call: GET ${url}` });
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev'))).toEqual([]);
    expect(doc.paths['/api/account/logout']).toBeDefined();
  });

  it('still answers the site calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/site/setting' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: false });
  });
});
