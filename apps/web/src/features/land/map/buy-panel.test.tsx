import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BuyPanel } from './buy-panel.tsx';

const base = {
  selection: [11, 12, 13],
  plotPrice: 2,
  balance: 10,
  buying: false,
  outcome: null,
  onDismissOutcome: vi.fn(),
  onRemove: vi.fn(),
  onClear: vi.fn(),
  onBuy: vi.fn(),
};

describe('BuyPanel', () => {
  it('shows the count, the total at the plot price, the balance and the top-up', () => {
    render(<BuyPanel {...base} topUp={<button type="button">Buy 5 Land Credit</button>} />);
    const panel = screen.getByRole('region', { name: 'Buy plots' });
    expect(panel.textContent).toContain('Selected3 plots');
    expect(panel.textContent).toContain('Total6 land credit');
    expect(panel.textContent).toContain('Your land credit10');
    expect(screen.getByRole('button', { name: 'Buy 5 Land Credit' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy 3 plots' }));
    expect(base.onBuy).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove cell 12' }));
    expect(base.onRemove).toHaveBeenCalledWith(12);
  });

  it('says when the credit is short, and will not send the purchase', () => {
    render(<BuyPanel {...base} balance={5} />);
    expect(screen.getByText('Not enough land credit: these plots cost 6 and you have 5.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy 3 plots' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has nothing to buy or clear with no plot picked', () => {
    render(<BuyPanel {...base} selection={[]} />);
    expect((screen.getByRole('button', { name: 'Buy 0 plots' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the outcome of the last purchase', () => {
    render(<BuyPanel {...base} outcome={{ tone: 'error', text: 'Not enough land credit: these plots cost 6 and you have 5.' }} />);
    expect(screen.getByRole('alert').textContent).toContain('Not enough land credit');
  });
});
