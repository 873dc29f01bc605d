import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWallet } from '../../../lib/wallet/wallet-api.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { resetStakingAccountForTests } from '../model/use-staking-account.ts';
import { asRuntime, mockStakingApi, pool, StakingFakeWallet, walletPosition } from '../staking.fixtures.ts';
import StakingPage from './staking-page.tsx';

// The wallet chunk (wagmi, viem) is replaced by a recording fake; WalletError stays the real one.
vi.mock('../../../lib/wallet/wallet-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/wallet/wallet-api.ts')>()),
  loadWallet: vi.fn(),
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

const renderPage = () => renderRoutes([page('/staking', <StakingPage />), page('*', <p>elsewhere</p>)], '/staking');

async function connected() {
  const view = renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Connect wallet' }));
  await screen.findByText('My holdings');
  return view;
}

describe('/staking', () => {
  it('asks a visitor to connect a wallet, shows the pool meanwhile, and reads nothing of a wallet', async () => {
    const { calls } = mockStakingApi({ pool: pool(), wallet: walletPosition() });
    renderPage();
    expect(await screen.findByText('Connect a wallet to see your units and stake them.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Staking' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Staking pools' });
    expect(within(table).getByText('12,345.6780 SPR')).toBeTruthy();
    expect(within(table).getByText('23.50%')).toBeTruthy();
    expect(within(table).getByText('0xf39f…2266')).toBeTruthy();
    expect(
      within(table)
        .getByRole('link', { name: /^Staking/ })
        .getAttribute('href'),
    ).toBe('/stakingdetail');
    expect(calls.some((c) => c.url.includes('/api/staking/wallet/'))).toBe(false);
    expect(vi.mocked(loadWallet)).not.toHaveBeenCalled();
  });

  it('connects the wallet through the lazy runtime and shows its figures as the API gives them', async () => {
    mockStakingApi({ pool: pool(), wallet: walletPosition() });
    await connected();
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('My holdings')).toContain('4 units');
    expect(figure('My holdings')).toContain('1 staked');
    expect(figure('Total Profit')).toContain('7.6234 SPR');
    expect(figure('Last Day Profit')).toContain('0.6438 SPR');
    expect(figure('My pending reward')).toBe('5.1234 SPR');
    expect(figure('APR')).toContain('23.50%');
  });

  it('shows other figures when the chain says otherwise (nothing fixed in the page)', async () => {
    mockStakingApi({
      pool: pool({ apr_bps: 1_200, apr_percent: '12.00' }),
      wallet: walletPosition({ units_held: 9, total_profit: '1500000000000000000', earned_yesterday: '0' }),
    });
    await connected();
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('My holdings')).toContain('9 units');
    expect(figure('Total Profit')).toContain('1.5000 SPR');
    expect(figure('Last Day Profit')).toContain('0.0000 SPR');
    expect(figure('APR')).toContain('12.00%');
  });

  it("computes the calculator's what-if from the unit type's price and today's APR, and names a bad entry on its field", async () => {
    mockStakingApi({ pool: pool(), wallet: walletPosition() });
    await connected();
    // Type 1 at 1,000 SPR, 1 unit, 30 days at 23.50%: 1000 × 0.235 × 30 / 365.
    expect(screen.getByTestId('calculator-reward').textContent).toBe('19.3151 SPR');
    fireEvent.change(screen.getByLabelText('Unit type'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Units'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '365' } });
    // 2 × 2,500 SPR for a year at 23.50%.
    expect(screen.getByTestId('calculator-reward').textContent).toBe('1,175.0000 SPR');
    fireEvent.change(screen.getByLabelText('Units'), { target: { value: '0' } });
    const units = screen.getByLabelText('Units');
    expect(units.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(units.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a whole number of units, 1 or more.',
    );
    expect(screen.queryByTestId('calculator-reward')).toBeNull();
  });

  it("says the spec's staking fetch failure when the pool cannot be read", async () => {
    mockStakingApi({ pool: pool(), wallet: walletPosition(), poolFails: true });
    renderPage();
    expect(
      await screen.findByText('Request error, possibly due to a network connection issue. Please try again.'),
    ).toBeTruthy();
  });
});
