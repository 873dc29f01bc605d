import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { hashOf, rarityOf, rollOf, seedOf } from '../test-vectors.ts';
import VerifyPage from './verify-page.tsx';

const WAIT = { timeout: 60_000 };
const FRONTIER = [7000, 2200, 700, 100];
const SEED = seedOf('web verifier vector');
const OTHER_SEED = seedOf('some other seed');

const pathOf = (call: Call) => new URL(call.url, 'http://x').pathname;
const renderPage = (path: string) => renderRoutes([page('/fairness/verify', <VerifyPage />)], path);
const linkTo = (query: Record<string, string>) => `/fairness/verify?${new URLSearchParams(query).toString()}`;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

const boxAnswer = (odds: { common: number; rare: number; epic: number; legend: number }) =>
  json(200, {
    error: false,
    item: {
      _id: '7', code: 'blindbox', object: 'blindbox', name: 'Frontier Blind Box', description: '', image: '/x.png',
      price: 1000, sell_price: 250, price_micro: '1000000000', sell_price_micro: '250000000', odds_bps: odds,
    },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verify page', { timeout: 120_000 }, () => {
  it('recomputes a linked opening in the browser: hash ✓, roll and rarity', async () => {
    const { calls } = mockFetch(() => json(500, {}));
    const nonce = 3;
    const roll = rollOf(SEED, 'lucky-star', nonce);
    renderPage(
      linkTo({ server_seed: SEED, server_seed_hash: hashOf(SEED), client_seed: 'lucky-star', nonce: String(nonce), odds: FRONTIER.join(',') }),
    );

    // The form shows what the link carried, and the answer comes without a click.
    expect(field('Server seed').value).toBe(SEED);
    expect(field('Client seed').value).toBe('lucky-star');
    expect(field('Nonce').value).toBe('3');
    expect(field('Odds (basis points)').value).toBe('7000,2200,700,100');
    const result = await screen.findByTestId('verify-result', undefined, WAIT);
    expect(within(result).getByTestId('verify-hash').dataset.matches).toBe('true');
    expect(within(result).getByTestId('verify-hash').textContent).toContain('✓ The server seed matches the published hash.');
    expect(within(result).getByTestId('verify-computed-hash').textContent).toBe(hashOf(SEED));
    expect(within(result).getByTestId('verify-roll').textContent).toBe(String(roll));
    expect(within(result).getByTestId('verify-rarity').textContent).toBe(rarityOf(roll, FRONTIER));
    // Everything came from the link: no request at all.
    expect(calls).toHaveLength(0);
  });

  it('flags a server seed that does not match the expected hash', async () => {
    mockFetch(() => json(500, {}));
    renderPage(linkTo({ server_seed: SEED, server_seed_hash: hashOf(OTHER_SEED), client_seed: 'lucky-star', nonce: '0', odds: '7000,2200,700,100' }));
    const result = await screen.findByTestId('verify-result', undefined, WAIT);
    expect(within(result).getByTestId('verify-hash').dataset.matches).toBe('false');
    expect(within(result).getByTestId('verify-hash').textContent).toContain('✗ The server seed does not match the expected hash.');
    expect(within(result).getByTestId('verify-roll').textContent).toBe(String(rollOf(SEED, 'lucky-star', 0)));
  });

  it('fills in the published odds from the shop and verifies what the visitor types', async () => {
    // Odds other than the Frontier figures prove the field follows the API's answer.
    const odds = { common: 5000, rare: 3000, epic: 1500, legend: 500 };
    const { calls } = mockFetch((call) => (pathOf(call) === '/api/shop/blindbox' ? boxAnswer(odds) : json(404, {})));
    renderPage('/fairness/verify');
    await waitFor(() => expect(field('Odds (basis points)').value).toBe('5000,3000,1500,500'), WAIT);
    expect(calls.map(pathOf)).toEqual(['/api/shop/blindbox']);
    expect(screen.queryByTestId('verify-result')).toBeNull();

    type('Server seed', SEED);
    type('Client seed', 'typed by hand');
    type('Nonce', '41');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByTestId('verify-result', undefined, WAIT);
    const roll = rollOf(SEED, 'typed by hand', 41);
    expect(within(result).getByTestId('verify-roll').textContent).toBe(String(roll));
    expect(within(result).getByTestId('verify-rarity').textContent).toBe(rarityOf(roll, [5000, 3000, 1500, 500]));
    expect(within(result).getByTestId('verify-hash').dataset.matches).toBe('null');

    // Editing a field clears the answer: it no longer belongs to what is on screen.
    type('Nonce', '42');
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('explains what is wrong with the fields instead of computing', async () => {
    mockFetch(() => json(500, {}));
    renderPage(linkTo({ client_seed: 'ok', nonce: '0', odds: '7000,2200,700,100' }));
    const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const problem = async () => (await screen.findByRole('alert', undefined, WAIT)).textContent;

    verify();
    expect(await problem()).toContain('Enter the server seed.');
    type('Server seed', SEED.toUpperCase());
    verify();
    expect(await problem()).toContain('The server seed must be 64 lowercase hexadecimal characters');
    type('Server seed', SEED);
    type('Client seed', 'café');
    verify();
    expect(await problem()).toContain('The client seed must be 1 to 64 printable ASCII characters');
    type('Client seed', 'x'.repeat(65));
    verify();
    expect(await problem()).toContain('The client seed must be 1 to 64 printable ASCII characters');
    type('Client seed', 'ok');
    type('Nonce', '-1');
    verify();
    expect(await problem()).toContain('The nonce must be a whole number from 0 up.');
    type('Nonce', '2.5');
    verify();
    expect(await problem()).toContain('The nonce must be a whole number from 0 up.');
    type('Nonce', '0');
    type('Odds (basis points)', '7000,2200,700,99');
    verify();
    expect(await problem()).toContain('The odds must sum to 10000 basis points (100%); these sum to 9999.');
    type('Odds (basis points)', '70%,22%,7%,1%');
    verify();
    expect(await problem()).toContain('four whole numbers of basis points');
    expect(screen.queryByTestId('verify-result')).toBeNull();

    type('Odds (basis points)', '7000,2200,700,100');
    verify();
    const result = await screen.findByTestId('verify-result', undefined, WAIT);
    expect(within(result).getByTestId('verify-roll').textContent).toBe(String(rollOf(SEED, 'ok', 0)));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads ?opening=<id> from the API without the session and checks it against the record', async () => {
    const roll = rollOf(SEED, 'pilot seed', 7);
    const opening = {
      id: 42, box_code: 'frontier', box_name: 'Frontier Blind Box', opened_at: '2026-11-22T02:00:00.000Z',
      server_seed_hash: hashOf(SEED), server_seed: SEED, client_seed: 'pilot seed', nonce: 7, roll,
      rarity: ['Common', 'Rare', 'Epic', 'Legendary'].indexOf(rarityOf(roll, FRONTIER)),
      odds: { common: 7000, rare: 2200, epic: 700, legend: 100 }, ship: { id: '913', name: 'Nova Lancer', rarity: 1 },
    };
    const { calls } = mockFetch((call) =>
      pathOf(call) === '/api/fairness/openings/42' ? json(200, { error: false, data: opening }) : json(404, {}),
    );
    renderPage('/fairness/verify?opening=42');

    const result = await screen.findByTestId('verify-result', undefined, WAIT);
    expect(calls.map(pathOf)).toEqual(['/api/fairness/openings/42']);
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(field('Server seed').value).toBe(SEED);
    expect(field('Expected server seed hash (optional)').value).toBe(hashOf(SEED));
    expect(field('Nonce').value).toBe('7');
    expect(within(result).getByTestId('verify-roll').textContent).toBe(String(roll));
    expect(within(result).getByTestId('verify-hash').dataset.matches).toBe('true');
    expect(within(result).getByTestId('verify-recorded').textContent).toContain('✓ The same roll and rarity were recorded');
    expect(screen.getByTestId('opening-summary').textContent).toContain(`roll ${roll}`);
  });

  it('says when the record and the recomputation disagree, and when the seed is still secret', async () => {
    const base = {
      box_code: 'frontier', box_name: 'Frontier Blind Box', opened_at: '2026-11-22T02:00:00.000Z',
      server_seed_hash: hashOf(SEED), client_seed: 'pilot seed', nonce: 0,
      odds: { common: 7000, rare: 2200, epic: 700, legend: 100 }, ship: null,
    };
    const wrongRoll = (rollOf(SEED, 'pilot seed', 0) + 1) % 10_000;
    mockFetch((call) =>
      pathOf(call).endsWith('/1')
        ? json(200, { error: false, data: { ...base, id: 1, server_seed: SEED, roll: wrongRoll, rarity: 3 } })
        : json(200, { error: false, data: { ...base, id: 2, server_seed: null, roll: 5, rarity: 0 } }),
    );
    const { router } = renderPage('/fairness/verify?opening=1');
    const recorded = await screen.findByTestId('verify-recorded', undefined, WAIT);
    expect(recorded.textContent).toContain(`✗ This opening was recorded as roll ${wrongRoll}, Legendary.`);

    await router.navigate('/fairness/verify?opening=2');
    await waitFor(() => expect(screen.getByText('The server seed is still secret')).toBeTruthy(), WAIT);
    expect(field('Server seed').value).toBe('');
    expect(field('Expected server seed hash (optional)').value).toBe(hashOf(SEED));
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('shows the error when the opening cannot be loaded', async () => {
    mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'Opening not found.' }));
    renderPage('/fairness/verify?opening=999');
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('This opening could not be loaded');
    expect(alert.textContent).toContain('Opening not found.');
  });
});
