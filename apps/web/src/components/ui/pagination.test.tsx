import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

describe('<Pagination>', () => {
  it('draws the window around the current page and marks it', () => {
    render(<Pagination page={20} total={1000} limit={20} onPageChange={() => {}} />);
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => Number(b.textContent));
    expect(numbers).toEqual(Array.from({ length: 17 }, (_, i) => 12 + i));
    expect(screen.getByRole('button', { name: 'Page 20' }).getAttribute('aria-current')).toBe('page');
  });

  it('asks for the chosen, previous and next page', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} total={45} limit={20} onPageChange={onPageChange} />);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[3], [2]]);
  });

  it('is absent when one page holds everything', () => {
    const { container } = render(<Pagination page={1} total={16} limit={16} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
