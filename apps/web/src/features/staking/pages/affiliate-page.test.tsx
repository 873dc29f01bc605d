import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWallet } from '../../../lib/wallet/wallet-api.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { resetStakingAccountForTests } from '../model/use-staking-account.ts';
import { asRuntime, mockStakingApi, pool, StakingFakeWallet, walletPosition } from '../staking.fixtures.ts';
import AffiliatePage from './affiliate-page.tsx';

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

async function renderConnected() {
  mockStakingApi({ pool: pool(), wallet: walletPosition() });
  renderRoutes(
    [page('/affiliate', <AffiliatePage renderReferrals={() => <p>referral figures slot</p>} />)],
    '/affiliate',
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Connect wallet' }));
  await screen.findByText('My NFTs');
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/affiliate', () => {
  it("shows the player's units, deposits and the unit categories from the wallet call, and the referral slot", async () => {
    await renderConnected();
    expect(figure('My NFTs')).toContain('4');
    expect(figure('My deposits')).toContain('1 units');
    expect(figure('My deposits')).toContain('1,000.0000 SPR staked');
    const table = screen.getByRole('table', { name: 'Unit categories' });
    expect(within(table).getByRole('row', { name: /Type 2/ }).textContent).toBe('Type 2102,500.0000 SPR');
    expect(screen.getByText('referral figures slot')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Deposit Starport NFT' })).toBeTruthy();
  });

  it('Max fills in every unit in the wallet; Deposit stakes them one by one after one approval', async () => {
    await renderConnected();
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    const amount = screen.getByLabelText('Units to deposit') as HTMLInputElement;
    expect(amount.value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success.textContent).toContain('3 units are staked.');
    expect(fake.written()).toEqual([
      'setApprovalForAll(0x5fbdb2315678afecb367f032d93f642f64180aa3,true)',
      'stake(1)',
      'stake(1)',
      'stake(2)',
    ]);
  });

  it('says how far a deposit got when a stake fails midway', async () => {
    await renderConnected();
    fake.approved = true;
    const write = fake.writeContract;
    let sent = 0;
    fake.writeContract = async (call) => {
      sent += 1;
      if (sent === 2) fake.revertWith = 'NotStakeable';
      return write(call);
    };
    fireEvent.change(screen.getByLabelText('Units to deposit'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error.textContent).toContain(
      '1 of 2 units were staked, then: This unit type cannot be staked (NotStakeable).',
    );
  });

  it('names a bad amount on its field and sends nothing', async () => {
    await renderConnected();
    const amount = screen.getByLabelText('Units to deposit');
    fireEvent.change(amount, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(amount.getAttribute('aria-describedby')).toContain('error');
    expect(screen.getByText('Enter a whole number from 1 to 3.')).toBeTruthy();
    expect(fake.written()).toEqual([]);
  });
});
