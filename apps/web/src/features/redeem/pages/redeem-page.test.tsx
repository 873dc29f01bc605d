import type { Redemption } from '@starport/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boxOpening } from '../../../test/box-opening-fixture.ts';
import { errorOf, fieldLabelled } from '../../../test/field-errors.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import RedeemPage from './redeem-page.tsx';

const WAIT = { timeout: 30_000 };
const shipRedemption: Redemption = {
  _id: '3',
  code_hint: 'FREE…',
  kind: 'ship',
  dnc: null,
  ship: { asset_id: '41', ship_id: 7, name: 'Vega Hawk' },
  box: null,
  granted: 'the ship Vega Hawk',
  redeemed_at: '2026-11-20T10:00:00.000Z',
};

const boxRedemption: Redemption = {
  _id: '4',
  code_hint: 'FREE…',
  kind: 'blindbox',
  dnc: null,
  ship: null,
  box: { code: 'frontier', name: 'Frontier Blind Box', count: 1, openings: [boxOpening('61', 'Quasar Wisp', 2)] },
  granted: 'the Frontier Blind Box, which gave Quasar Wisp (Epic)',
  redeemed_at: '2026-11-21T10:00:00.000Z',
};

function renderPage(post: (code: string) => Response, granted: Redemption = shipRedemption) {
  const history: Redemption[] = [];
  const mock = mockFetch((call) => {
    if (call.method === 'POST') {
      const answer = post((call.body as { code: string }).code);
      if (answer.ok) history.unshift(granted);
      return answer;
    }
    return json(200, { error: false, data: history });
  });
  renderRoutes([page('/my/redeem', <RedeemPage />)], '/my/redeem');
  return mock;
}

const redeem = (code: string) => {
  fireEvent.change(fieldLabelled('Code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
};

afterEach(() => vi.unstubAllGlobals());

describe('Redeem a code', { timeout: 60_000 }, () => {
  it('a blank code is refused on the field without calling the server', async () => {
    const { calls } = renderPage(() => json(500, {}));
    await screen.findByText('You have not redeemed a code yet.', undefined, WAIT);
    redeem('   ');
    await waitFor(() => expect(errorOf(fieldLabelled('Code'))).toBe('Please enter a code.'));
    expect(document.activeElement).toBe(fieldLabelled('Code'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('the server’s refusal shows on the field', async () => {
    renderPage(() => json(409, { error: true, code: 'CONFLICT', msg: 'This code has expired.' }));
    await screen.findByText('You have not redeemed a code yet.', undefined, WAIT);
    redeem('OLD-CODE');
    await waitFor(() => expect(errorOf(fieldLabelled('Code'))).toBe('This code has expired.'), WAIT);
  });

  it('a ship code: the success says what was granted, links to My Assets, and the history lists it', async () => {
    const { calls } = renderPage(() =>
      json(200, { error: false, msg: 'Code redeemed: you received the ship Vega Hawk.', redemption: shipRedemption }),
    );
    await screen.findByText('You have not redeemed a code yet.', undefined, WAIT);
    redeem(' free-ship ');
    const success = await screen.findByRole('status', {}, WAIT);
    expect(success.textContent).toContain('Code redeemed: you received the ship Vega Hawk.');
    expect(within(success).getByRole('link', { name: 'See your ship in My Assets' }).getAttribute('href')).toBe('/my-assets/spaceships');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'free-ship' });
    const list = await screen.findByTestId('redeem-history', undefined, WAIT);
    expect(within(list).getByText('the ship Vega Hawk')).toBeTruthy();
    expect(errorOf(fieldLabelled('Code'))).toBeNull();
  });

  it('a blind-box code: the success shows the ship each box gave, with its Verify link, and the history lists it', async () => {
    const msg = `Code redeemed: you received ${boxRedemption.granted}.`;
    renderPage(() => json(200, { error: false, msg, redemption: boxRedemption }), boxRedemption);
    await screen.findByText('You have not redeemed a code yet.', undefined, WAIT);
    redeem('free-box');
    const success = await screen.findByRole('status', {}, WAIT);
    expect(success.textContent).toContain(msg);
    expect(within(success).getAllByTestId('box-opening-ship').map((el) => el.textContent)).toEqual(['Quasar Wisp']);
    expect(within(success).getByTestId('box-opening-verify').getAttribute('href')).toBe('/fairness/verify?opening=61');
    expect(within(success).getByRole('link', { name: 'See your ship in My Assets' }).getAttribute('href')).toBe('/my-assets/spaceships');
    const list = await screen.findByTestId('redeem-history', undefined, WAIT);
    expect(within(list).getByText(boxRedemption.granted)).toBeTruthy();
  });
});
