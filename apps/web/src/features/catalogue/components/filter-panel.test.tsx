import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListFilters } from '../../../lib/list-filters.ts';
import { activeFilterCount, FilterPanel } from './filter-panel.tsx';

const none: ListFilters = { element: [], rarity: [], priceFrom: '', priceTo: '', page: 1 };
const elements = [
  { value: 'human', label: 'Human' },
  { value: 'ai', label: 'AI' },
];
const rarities = [{ value: 'epic', label: 'Epic' }];

describe('FilterPanel', () => {
  it('counts every filter that is set', () => {
    expect(activeFilterCount(none)).toBe(0);
    expect(activeFilterCount({ ...none, element: ['human', 'ai'], rarity: ['epic'], priceFrom: '10' })).toBe(4);
  });

  it('the phone toggle says how many filters are set and folds the panel open and shut', () => {
    render(<FilterPanel filters={{ ...none, rarity: ['epic'] }} elements={elements} rarities={rarities} onChange={() => {}} />);
    const toggle = screen.getByRole('button', { name: 'Filters (1)' });
    const body = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(body?.contains(screen.getByRole('checkbox', { name: 'Human' }))).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('complementary', { name: 'Filters' }).classList.contains('filter-panel--open')).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('checkboxes apply at once and the price range on Apply', () => {
    const onChange = vi.fn();
    render(<FilterPanel filters={none} elements={elements} rarities={rarities} onChange={onChange} />);
    screen.getByRole('button', { name: 'Filters' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'AI' }));
    expect(onChange).toHaveBeenLastCalledWith({ element: ['ai'] });
    fireEvent.change(screen.getByPlaceholderText('From'), { target: { value: '5' } });
    fireEvent.change(screen.getByPlaceholderText('To'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith({ priceFrom: '5', priceTo: '50' });
  });
});
