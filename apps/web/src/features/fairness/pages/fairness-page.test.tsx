import type { User } from '@starport/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session-storage.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { hashOf, rarityOf, rollOf, seedOf } from '../test-vectors.ts';
import FairnessPage from './fairness-page.tsx';
import VerifyPage from './verify-page.tsx';

const WAIT = { timeout: 60_000 };
const FRONTIER = [7000, 2200, 700, 100];
const OLD_SEED = seedOf('fairness page old seed');
const NEW_SEED = seedOf('fairness page new seed');
const NEWER_SEED = seedOf('fairness page newer seed');

const user: User = {
  id: 'u1', username: 'pilot', email: null, active: true, avatar: null,
  walletAddress: '0x12a4567890abcdef1234567890abcdef1cdef0', hasPassword: true,
};
const signIn = () => saveSession({ user, accessToken: 'a1', refreshToken: 'r1', remember: true });

const pathOf = (call: Call) => new URL(call.url, 'http://x').pathname;
const renderPage = (path = '/fairness') =>
  renderRoutes(
    [page('/fairness', <FairnessPage />), page('/fairness/verify', <VerifyPage />), page('/login', <p>sign in page</p>)],
    path,
  );
const texts = (testId: string) => screen.queryAllByTestId(testId).map((el) => el.textContent);

function opening(nonce: number, revealed: boolean, clientSeed = 'my-lucky-seed') {
  const roll = rollOf(OLD_SEED, clientSeed, nonce);
  return {
    id: 100 + nonce, order_code: `SP-ORDER${nonce}`, box_code: 'frontier', box_name: 'Frontier Blind Box',
    opened_at: '2026-11-22T02:00:00.000Z', server_seed_hash: hashOf(OLD_SEED), server_seed: revealed ? OLD_SEED : null,
    client_seed: clientSeed, nonce, roll, rarity: ['Common', 'Rare', 'Epic', 'Legendary'].indexOf(rarityOf(roll, FRONTIER)),
    odds: { common: 7000, rare: 2200, epic: 700, legend: 100 }, ship: { id: 900 + nonce, name: `Ship ${nonce}`, rarity: 0 },
  };
}

/**
 * A small fake of the fairness API: one active pair whose server seed is revealed on rotation,
 * as the contract describes. `fail` makes the rotation calls answer with an error.
 */
function fakeApi(options: { fail?: boolean } = {}) {
  const seeds = [OLD_SEED, NEW_SEED, NEWER_SEED];
  let current = 0;
  let clientSeed = 'my-lucky-seed';
  const active = () => ({
    server_seed_hash: hashOf(seeds[current]!), client_seed: clientSeed, next_nonce: current === 0 ? 2 : 0,
    created_at: '2026-11-22T01:00:00.000Z',
  });
  const rotate = (nextClientSeed: string) => {
    const revealed = { server_seed: seeds[current]!, server_seed_hash: hashOf(seeds[current]!), client_seed: clientSeed, last_nonce: current === 0 ? 1 : null };
    current += 1;
    clientSeed = nextClientSeed;
    return json(200, { error: false, data: { revealed, active: active() } });
  };
  return mockFetch((call) => {
    const path = pathOf(call);
    if (path === '/api/fairness/seed') return json(200, { error: false, data: active() });
    if (path === '/api/fairness/openings') {
      const data = [opening(1, current > 0), opening(0, current > 0)];
      return json(200, { error: false, data, total: data.length, page: 1, limit: 20 });
    }
    if (options.fail && (path === '/api/fairness/rotate' || path === '/api/fairness/client_seed')) {
      return json(429, { error: true, code: 'RATE_LIMITED', msg: 'Too many rotations. Please wait a minute.' });
    }
    if (path === '/api/fairness/rotate' && call.method === 'POST') return rotate(clientSeed);
    if (path === '/api/fairness/client_seed' && call.method === 'PUT') return rotate((call.body as { client_seed: string }).client_seed);
    if (path === '/api/shop/blindbox') {
      return json(200, { error: false, item: { name: 'Frontier Blind Box', odds_bps: { common: 7000, rare: 2200, epic: 700, legend: 100 } } });
    }
    return json(404, { error: true, code: 'NOT_FOUND', msg: 'Not found.' });
  });
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('provably fair page', { timeout: 120_000 }, () => {
  it('shows a visitor the explanation and the verifier only', async () => {
    const { calls } = fakeApi();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Provably fair', level: 1 })).toBeTruthy();
    const how = screen.getByRole('region', { name: 'How every box is opened' });
    expect(how.textContent).toContain('roll = floor(u × 10000 / 2^32)');
    expect(how.textContent).toContain('client seed:nonce');
    await waitFor(() => expect((screen.getByLabelText('Odds (basis points)') as HTMLInputElement).value).toBe('7000,2200,700,100'), WAIT);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('seed-panel')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    // Nothing about a player is asked for.
    expect(calls.map(pathOf)).toEqual(['/api/shop/blindbox']);
  });

  it('shows the active pair and the openings, each with a Verify link that checks it', async () => {
    signIn();
    const { calls } = fakeApi();
    const { router } = renderPage();

    const active = await screen.findByTestId('active-seed', undefined, WAIT);
    expect(within(active).getByTestId('active-hash').textContent).toBe(hashOf(OLD_SEED));
    expect(within(active).getByTestId('active-client-seed').textContent).toBe('my-lucky-seed');
    expect(within(active).getByTestId('active-nonce').textContent).toBe('2');
    expect(calls.find((c) => pathOf(c) === '/api/fairness/seed')!.headers.Authorization).toBe('Bearer a1');

    await screen.findAllByTestId('opening-row', undefined, WAIT);
    expect(new URL(calls.find((c) => pathOf(c) === '/api/fairness/openings')!.url, 'http://x').search).toBe('?page=1&limit=20');
    expect(texts('opening-nonce')).toEqual(['1', '0']);
    expect(texts('opening-roll')).toEqual([String(rollOf(OLD_SEED, 'my-lucky-seed', 1)), String(rollOf(OLD_SEED, 'my-lucky-seed', 0))]);
    expect(texts('opening-ship')).toEqual(['Ship 1 #901', 'Ship 0 #900']);
    // The pair is still active: its server seed is secret.
    expect(texts('opening-server-seed')).toEqual(['revealed after rotation', 'revealed after rotation']);

    const verify = screen.getByRole('link', { name: 'Verify the opening of order SP-ORDER1, nonce 1' });
    const href = new URL(verify.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/fairness/verify');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      server_seed_hash: hashOf(OLD_SEED), client_seed: 'my-lucky-seed', nonce: '1', odds: '7000,2200,700,100',
    });
    fireEvent.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe('/fairness/verify'));
    expect((screen.getByLabelText('Nonce') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Server seed') as HTMLInputElement).value).toBe('');
  });

  it('refuses a bad client seed with a message and sends nothing', async () => {
    signIn();
    const { calls } = fakeApi();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Change client seed' }, WAIT);
    const input = within(form).getByLabelText('New client seed') as HTMLInputElement;
    expect(input.value).toBe('my-lucky-seed');

    for (const bad of ['', 'x'.repeat(65), 'café', 'tab\there']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(within(form).getByRole('button', { name: 'Change client seed' }));
      const alert = await within(form).findByRole('alert', undefined, WAIT);
      expect(alert.textContent).toContain('The client seed must be 1 to 64 printable ASCII characters');
    }
    fireEvent.change(input, { target: { value: 'my-lucky-seed' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change client seed' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toContain('That is already your client seed.'));
    expect(writes(calls)).toHaveLength(0);
  });

  it('changes the client seed, which rotates the pair and reveals the old server seed', async () => {
    signIn();
    const { calls } = fakeApi();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Change client seed' }, WAIT);
    fireEvent.change(within(form).getByLabelText('New client seed'), { target: { value: ' new seed: 7 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change client seed' }));

    const revealed = await screen.findByTestId('revealed-server-seed', undefined, WAIT);
    expect(revealed.textContent).toBe(OLD_SEED);
    expect(writes(calls).map((c) => [c.method, pathOf(c), c.body])).toEqual([
      ['PUT', '/api/fairness/client_seed', { client_seed: ' new seed: 7 ' }],
    ]);
    await waitFor(() => expect(screen.getByTestId('active-hash').textContent).toBe(hashOf(NEW_SEED)));
    expect(screen.getByTestId('active-client-seed').textContent).toBe(' new seed: 7 ');
    expect(screen.getByTestId('active-nonce').textContent).toBe('0');
    // The openings are asked again and now carry the revealed seed.
    await waitFor(() => expect(texts('opening-server-seed')[0]).toContain(OLD_SEED.slice(0, 10)), WAIT);
  });

  it('rotates the seed only after confirmation and shows the revealed seed, which verifies', async () => {
    signIn();
    const { calls } = fakeApi();
    const { router } = renderPage();
    await screen.findByTestId('active-seed', undefined, WAIT);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate seed' });
    expect(dialog.textContent).toContain('Your current server seed is revealed');
    expect(writes(calls)).toHaveLength(0); // nothing happens before the confirmation

    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate seed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(writes(calls).map((c) => [c.method, pathOf(c)])).toEqual([['POST', '/api/fairness/rotate']]);
    expect(screen.getByTestId('revealed-server-seed').textContent).toBe(OLD_SEED);
    expect(screen.getByTestId('revealed-seed').textContent).toContain('nonces 0 to 1');
    expect(screen.getByTestId('active-hash').textContent).toBe(hashOf(NEW_SEED));
    expect(screen.getByTestId('active-client-seed').textContent).toBe('my-lucky-seed');

    // The revealed seed checks out against the hash shown before, in the verifier.
    fireEvent.click(screen.getByRole('link', { name: 'Verify the last box of this pair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fairness/verify'));
    const result = await screen.findByTestId('verify-result', undefined, WAIT);
    expect(within(result).getByTestId('verify-hash').dataset.matches).toBe('true');
    expect(within(result).getByTestId('verify-roll').textContent).toBe(String(rollOf(OLD_SEED, 'my-lucky-seed', 1)));
  });

  it('keeps the pair and shows the server message when a rotation is refused', async () => {
    signIn();
    const { calls } = fakeApi({ fail: true });
    renderPage();
    await screen.findByTestId('active-seed', undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate seed' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate seed' }));

    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Too many rotations. Please wait a minute.');
    expect(screen.queryByTestId('revealed-server-seed')).toBeNull();
    expect(screen.getByTestId('active-hash').textContent).toBe(hashOf(OLD_SEED));
    expect(writes(calls)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
  });
});
