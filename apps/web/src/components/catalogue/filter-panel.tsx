import { useEffect, useState, type FormEvent } from 'react';
import type { ListFilters } from '../../lib/list-filters.ts';
import './filter-panel.css';

export type FilterOption = { value: string; label: string };

type FilterPanelProps = {
  filters: ListFilters;
  elements: readonly FilterOption[];
  rarities: readonly FilterOption[];
  onChange: (change: Partial<ListFilters>) => void;
};

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** Element and rarity checkboxes apply at once; the price range applies on "Apply" or Enter. */
export function FilterPanel({ filters, elements, rarities, onChange }: FilterPanelProps) {
  const [from, setFrom] = useState(filters.priceFrom);
  const [to, setTo] = useState(filters.priceTo);
  // Back and forward change the URL: the inputs follow it.
  useEffect(() => {
    setFrom(filters.priceFrom);
    setTo(filters.priceTo);
  }, [filters.priceFrom, filters.priceTo]);

  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    onChange({ priceFrom: from, priceTo: to });
  };

  return (
    <aside className="filter-panel" aria-label="Filters">
      <fieldset className="filter-panel__group">
        <legend>Element</legend>
        {elements.map((o) => (
          <label key={o.value} className="filter-panel__option">
            <input
              type="checkbox"
              checked={filters.element.includes(o.value)}
              onChange={() => onChange({ element: toggle(filters.element, o.value) })}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="filter-panel__group">
        <legend>Rarity</legend>
        {rarities.map((o) => (
          <label key={o.value} className="filter-panel__option">
            <input
              type="checkbox"
              checked={filters.rarity.includes(o.value)}
              onChange={() => onChange({ rarity: toggle(filters.rarity, o.value) })}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <form className="filter-panel__group" onSubmit={applyPrice}>
        <fieldset>
          <legend>Price (USD)</legend>
          <div className="filter-panel__range">
            <label>
              <span className="sr-only">Price from</span>
              <input inputMode="decimal" placeholder="From" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <span aria-hidden="true">–</span>
            <label>
              <span className="sr-only">Price to</span>
              <input inputMode="decimal" placeholder="To" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
          </div>
          <button type="submit" className="filter-panel__apply">
            Apply
          </button>
        </fieldset>
      </form>
    </aside>
  );
}
