import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWallet } from '../../../lib/wallet/wallet-api.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { resetStakingAccountForTests } from '../model/use-staking-account.ts';
import { asRuntime, mockStakingApi, pool, StakingFakeWallet, walletPosition } from '../staking.fixtures.ts';
import StakingDetailPage from './staking-detail-page.tsx';

vi.mock('../../../lib/wallet/wallet-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/wallet/wallet-api.ts')>()),
  loadWallet: vi.fn(),
}));
// The chart library draws on a canvas jsdom lacks; the page's own table of the same points is what is checked.
vi.mock('lightweight-charts', () => ({
  AreaSeries: {},
  createChart: () => ({
    addSeries: () => ({ setData: () => {} }),
    timeScale: () => ({ fitContent: () => {} }),
    remove: () => {},
  }),
}));

let fake: StakingFakeWallet;
beforeEach(() => {
  fake = new StakingFakeWallet();
  vi.mocked(loadWallet).mockReset();
  vi.mocked(loadWallet).mockResolvedValue(asRuntime(fake));
  resetStakingAccountForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderConnected(state = { pool: pool(), wallet: walletPosition() }) {
  const api = mockStakingApi(state);
  const view = renderRoutes([page('/stakingdetail', <StakingDetailPage />)], '/stakingdetail');
  fireEvent.click(await screen.findByRole('button', { name: 'Connect wallet' }));
  await screen.findByText('Total NFTs held');
  return { ...view, ...api, state };
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/stakingdetail', () => {
  it('names the page after the product and shows the pool and the player from the API', async () => {
    await renderConnected();
    expect(screen.getByRole('heading', { level: 1, name: 'Starport Staking' })).toBeTruthy();
    expect(figure('Total Deposits')).toContain('12,345.6780 SPR');
    expect(figure('Total Deposits (My account)')).toContain('1,000.0000 SPR');
    expect(figure('APY')).toContain('23.50%');
    expect(figure('Pending reward')).toBe('5.1234 SPR');
    expect(figure('Total NFTs held')).toContain('4');
  });

  it('has ARIA tabs: Overview lists the deposits by day, Performance the realised APY, Risk the owner and contracts', async () => {
    await renderConnected();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Performance', 'Risk']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    const overview = screen.getByRole('tabpanel');
    expect(within(overview).getByRole('img').getAttribute('aria-label')).toContain('2026-11-20');
    expect(within(overview).getByRole('cell', { name: '4,000.0000 SPR' })).toBeTruthy();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Performance' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Performance' }));
    const performance = screen.getByRole('tabpanel');
    expect(within(performance).getByRole('row', { name: /7D/ }).textContent).toContain('19.25%');
    expect(within(performance).getByRole('row', { name: /90D/ }).textContent).toContain('Nothing staked');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Performance' }), { key: 'End' });
    const risk = screen.getByRole('tabpanel');
    expect(risk.textContent).toContain('a single key, not a contract');
    expect(risk.textContent).toContain('lasts about 12410 days');
    const link = within(risk).getByRole('link', { name: /^0x5fbd…0aa3/ });
    expect(link.getAttribute('href')).toBe(pool().contracts.staking.url);
    expect(risk.textContent).toContain('Block 42');
  });

  it('lists held and staked units from POST /api/getAssetsNFT; closing gives focus back to Staking', async () => {
    const { calls } = await renderConnected();
    const open = screen.getByRole('button', { name: 'Staking' });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'List NFT Staking' });
    await within(dialog).findByRole('button', { name: 'Staking one Type 1' });
    expect(within(dialog).getByRole('button', { name: 'Staking one Type 2' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Unstaking one Type 1' })).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/api/getAssetsNFT'))?.body).toEqual({ ids: [1, 2], ids_staking: [1] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('asks for approval when missing, stakes one unit, says Success and reads the figures again', async () => {
    const { state, calls } = await renderConnected();
    fireEvent.click(screen.getByRole('button', { name: 'Staking' }));
    const dialog = await screen.findByRole('dialog', { name: 'List NFT Staking' });
    const readsBefore = calls.filter((c) => c.url.includes('/api/staking/wallet/')).length;
    state.wallet = walletPosition({ units_held: 4, units_staked: 2 });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Staking one Type 2' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success.textContent).toContain('One Type 2 unit is staked.');
    expect(fake.written()).toEqual(['setApprovalForAll(0x5fbdb2315678afecb367f032d93f642f64180aa3,true)', 'stake(2)']);
    expect(document.querySelector('[data-status]')?.getAttribute('data-status')).toBe('SUCCESS');
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/api/staking/wallet/')).length).toBeGreaterThan(readsBefore),
    );
  });

  it('does not ask for approval again once the staking contract may move the units', async () => {
    fake.approved = true;
    await renderConnected();
    fireEvent.click(screen.getByRole('button', { name: 'Staking' }));
    const dialog = await screen.findByRole('dialog', { name: 'List NFT Staking' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Unstaking one Type 1' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(fake.written()).toEqual(['unstake(1)']);
  });

  it('shows a contract error in a dialog titled Error, with FAILED as the status', async () => {
    fake.revertWith = 'InsufficientRewardPool';
    await renderConnected();
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error.textContent).toContain(
      'The reward pool holds less than this reward (InsufficientRewardPool). Please try again once it is topped up.',
    );
    expect(document.querySelector('[data-status]')?.getAttribute('data-status')).toBe('FAILED');
    fireEvent.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refused signature in the Error dialog too', async () => {
    fake.refuse = true;
    await renderConnected();
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error.textContent).toContain('User denied web3 access.');
  });

  it('claims, says Success and reads the pending reward again', async () => {
    const { state } = await renderConnected();
    state.wallet = walletPosition({ pending_reward: '0', claimed: '7623400000000000000' });
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(fake.written()).toEqual(['claim()']);
    await waitFor(() => expect(figure('Pending reward')).toBe('0.0000 SPR'));
  });
});
