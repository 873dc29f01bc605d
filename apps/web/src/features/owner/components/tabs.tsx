import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type Tab<K extends string> = { key: K; label: string; panel: () => ReactNode };

/**
 * Tabs as WAI-ARIA describes them: one tab stop (the selected tab), arrow keys, Home and End
 * move between tabs and select them, and only the selected tab's panel is rendered.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: { label: string; tabs: Tab<K>[]; selected: K; onSelect: (key: K) => void }) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === selected),
  );
  const current = tabs[index]!;

  const move = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div className="owner-tabs">
      <div role="tablist" aria-label={label} className="owner-tabs__list" onKeyDown={move}>
        {tabs.map((tab) => {
          const active = tab.key === current.key;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) refs.current.set(tab.key, el);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              className="owner-tabs__tab"
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${current.key}`} aria-labelledby={`${baseId}-tab-${current.key}`} tabIndex={0} className="owner-tabs__panel">
        {current.panel()}
      </div>
    </div>
  );
}
