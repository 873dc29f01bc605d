import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type StakingTab<K extends string> = { key: K; label: string; panel: () => ReactNode };

/**
 * WAI-ARIA tabs: the selected tab is the one tab stop; arrows, Home and End move and select;
 * only the selected panel is rendered (so the chart loads only when Overview is shown).
 */
export function StakingTabs<K extends string>(props: {
  label: string;
  tabs: StakingTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
}) {
  const { label, tabs, selected, onSelect } = props;
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const at = Math.max(
    0,
    tabs.findIndex((t) => t.key === selected),
  );
  const current = tabs[at]!;

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: at === last ? 0 : at + 1,
      ArrowLeft: at === 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    buttons.current.get(key)?.focus();
  };

  return (
    <div className="staking-tabs">
      <div role="tablist" aria-label={label} className="staking-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) buttons.current.set(tab.key, el);
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-selected={tab.key === current.key}
            aria-controls={`${id}-${tab.key}-panel`}
            tabIndex={tab.key === current.key ? 0 : -1}
            className="staking-tabs__tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${current.key}-panel`}
        aria-labelledby={`${id}-${current.key}-tab`}
        tabIndex={0}
        className="staking-tabs__panel"
      >
        {current.panel()}
      </div>
    </div>
  );
}
