import { useEffect, useId, useState, type FormEvent } from 'react';
import type { FilterProblems } from '../../../lib/list-filter-problems.ts';
import type { ListFilters } from '../../../lib/list-filters.ts';
import './filter-panel.css';

export type FilterOption = { value: string; label: string };

type FilterPanelProps = {
  filters: ListFilters;
  elements: readonly FilterOption[];
  rarities: readonly FilterOption[];
  onChange: (change: Partial<ListFilters>) => void;
  /** what is wrong with a filter of the URL, shown on its field (the list is asked without it) */
  problems?: FilterProblems;
};

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** How many filters are set, shown on the phone toggle so a folded panel still says it filters. */
export function activeFilterCount(filters: ListFilters): number {
  return filters.element.length + filters.rarity.length + (filters.priceFrom ? 1 : 0) + (filters.priceTo ? 1 : 0);
}

/**
 * Element and rarity checkboxes apply at once; the price range applies on "Apply" or Enter.
 * On a phone the panel folds behind a "Filters" button so the cards come first; from 721 px
 * up the button is hidden and the panel is always open (filter-panel.css).
 */
export function FilterPanel({ filters, elements, rarities, onChange, problems = {} }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const errorId = (field: keyof FilterProblems) => `${bodyId}-${field}-error`;
  const priceErrors = (['priceFrom', 'priceTo'] as const).filter((field) => problems[field]);
  // A panel folded on a phone opens by itself when a filter has a problem to show.
  const hasProblem = Object.keys(problems).length > 0;
  const active = activeFilterCount(filters);
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
    <aside className={open || hasProblem ? 'filter-panel filter-panel--open' : 'filter-panel'} aria-label="Filters">
      <button
        type="button"
        className="filter-panel__toggle"
        aria-expanded={open || hasProblem}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </button>
      <div className="filter-panel__body" id={bodyId}>
        <fieldset
          className="filter-panel__group"
          aria-invalid={problems.element ? true : undefined}
          aria-describedby={problems.element ? errorId('element') : undefined}
        >
          <legend>Element</legend>
          <FilterError id={errorId('element')} text={problems.element} />
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
        <fieldset
          className="filter-panel__group"
          aria-invalid={problems.rarity ? true : undefined}
          aria-describedby={problems.rarity ? errorId('rarity') : undefined}
        >
          <legend>Rarity</legend>
          <FilterError id={errorId('rarity')} text={problems.rarity} />
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
                <input
                  inputMode="decimal"
                  placeholder="From"
                  value={from}
                  onChange={(e) => setFrom(e.target.value)}
                  aria-invalid={problems.priceFrom ? true : undefined}
                  aria-describedby={problems.priceFrom ? errorId('priceFrom') : undefined}
                />
              </label>
              <span aria-hidden="true">–</span>
              <label>
                <span className="sr-only">Price to</span>
                <input
                  inputMode="decimal"
                  placeholder="To"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                  aria-invalid={problems.priceTo ? true : undefined}
                  aria-describedby={problems.priceTo ? errorId('priceTo') : undefined}
                />
              </label>
            </div>
            {priceErrors.map((field) => (
              <FilterError key={field} id={errorId(field)} text={problems[field]} />
            ))}
            <button type="submit" className="filter-panel__apply">
              Apply
            </button>
          </fieldset>
        </form>
      </div>
    </aside>
  );
}

/** A filter's problem, next to it; its field points here with aria-describedby. */
function FilterError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="filter-panel__error" data-testid="filter-error">
      {text}
    </p>
  );
}
