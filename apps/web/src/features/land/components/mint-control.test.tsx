import { MINT_FAILED, MINT_NEEDS_WALLET, MINT_QUEUED, type User } from '@starport/schemas';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../../lib/account-store.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { collection, routeOf } from '../../../test/land-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { mintPollDelay } from '../model/mint-state.ts';
import { MintControl } from './mint-control.tsx';

const TX = `0x${'ab'.repeat(32)}`;
const TX_URL = `https://explorer.test/tx/${TX}`;
const status = (state: 0 | 1 | 2, over: { txid?: string | null; tx_url?: string | null; failure?: string | null } = {}) =>
  json(200, { error: false, collectionID: 7, state, txid: over.txid ?? null, tx_url: over.tx_url ?? null, failure: over.failure ?? null });

/** Answers the mint request, then each mint_status ask in turn (the last one repeats). */
function serve(mintAnswer: () => Response, statuses: (() => Response)[]) {
  let asked = 0;
  return mockFetch((call: Call) => {
    if (routeOf(call) === '/api/lands/mint') return mintAnswer();
    if (routeOf(call) === '/api/minting/request/mint_status') return statuses[Math.min(asked++, statuses.length - 1)]!();
    return json(404, { error: true, code: 'NOT_FOUND', msg: 'no such call' });
  });
}

const render = (c: ReturnType<typeof collection>) => renderRoutes([page('/', <MintControl collection={c} />)], '/');
const mintButton = () => screen.getByRole('button', { name: 'Mint NFT: Forum' }) as HTMLButtonElement;
const mintCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => [routeOf(c), c.body]);

beforeEach(() => useAccountStore.setState({ user: { walletAddress: '0x00000000000000000000000000000000000000aa' } as User }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAccountStore.setState({ user: null });
});

describe('MintControl: the collection mint button (owned-assets.md §2.3, §4.1)', () => {
  it('asks for the mint, says it is queued, polls while minting, then shows NFT linking the transaction', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = serve(
      () => json(200, { error: false, msg: MINT_QUEUED }),
      [() => status(1), () => status(2, { txid: TX, tx_url: TX_URL })],
    );
    render(collection(7, 'Forum', 3));
    fireEvent.click(mintButton());
    expect(await screen.findByRole('status')).toHaveProperty('textContent', ` ${MINT_QUEUED}`);
    expect(screen.getByTestId('mint-state').textContent).toContain('Minting ...');
    await waitFor(() => expect(mintCalls(calls)).toHaveLength(2));

    // Still minting: asked again after the first pause, and then it is minted.
    await act(() => vi.advanceTimersByTimeAsync(mintPollDelay(1)));
    const link = await screen.findByRole('link', { name: /^NFT/ });
    expect(link.getAttribute('href')).toBe(TX_URL);
    // (Then the land lists are read again, this status among them: the mint has ended.)
    expect(mintCalls(calls).slice(0, 3)).toEqual([
      ['/api/lands/mint', { id: 7 }],
      ['/api/minting/request/mint_status', { collectionID: 7 }],
      ['/api/minting/request/mint_status', { collectionID: 7 }],
    ]);
  });

  it('shows "Minting failed" with the server’s sentence when the request is refused, and the button again', async () => {
    serve(() => json(400, { error: true, code: 'BAD_REQUEST', msg: MINT_NEEDS_WALLET }), []);
    render(collection(7, 'Forum', 3));
    fireEvent.click(mintButton());
    expect((await screen.findByRole('alert')).textContent).toBe(`${MINT_FAILED}: ${MINT_NEEDS_WALLET}`);
    expect(mintButton().disabled).toBe(false);
  });

  it('shows "Minting failed" with the reason when a watched mint falls back to 0', async () => {
    serve(() => json(200, { error: false, msg: MINT_QUEUED }), [() => status(0, { failure: 'The mint transaction reverted.' })]);
    render(collection(7, 'Forum', 3));
    fireEvent.click(mintButton());
    expect((await screen.findByRole('alert')).textContent).toBe(`${MINT_FAILED}: The mint transaction reverted.`);
  });

  it('keeps Mint NFT off for an empty collection, and says why; without a linked wallet it says what to do', async () => {
    const { calls } = serve(() => json(500, {}), []);
    const view = render(collection(7, 'Forum', 0));
    const empty = mintButton();
    expect(empty.disabled).toBe(true);
    expect(document.getElementById(empty.getAttribute('aria-describedby')!)!.textContent).toBe('Add plots to this collection to mint it.');
    view.unmount();

    act(() => useAccountStore.setState({ user: null }));
    render(collection(7, 'Forum', 3));
    const open = mintButton();
    expect(open.disabled).toBe(false);
    expect(document.getElementById(open.getAttribute('aria-describedby')!)!.textContent).toBe(MINT_NEEDS_WALLET);
    expect(calls).toEqual([]);
  });

  it('shows NFT with its explorer link for a minted collection, and Minting ... for one that mints', async () => {
    serve(() => json(500, {}), [() => status(2, { txid: TX, tx_url: TX_URL })]);
    const view = render(collection(7, 'Forum', 3, 2));
    expect((await screen.findByRole('link', { name: /^NFT/ })).getAttribute('href')).toBe(TX_URL);
    view.unmount();
    serve(() => json(500, {}), [() => status(1)]);
    render(collection(7, 'Forum', 3, 1));
    expect(screen.getByTestId('mint-state').textContent).toBe('Minting ...');
  });

  it('waits 2 s, then half as long again each time, never more than 15 s', () => {
    expect([1, 2, 3, 4, 10].map(mintPollDelay)).toEqual([2_000, 3_000, 4_500, 6_750, 15_000]);
  });
});
